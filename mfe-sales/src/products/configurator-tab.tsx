/**
 * The spec's product configurator (GET /onboarding/product/product-configurator): the active products the
 * acting tenant offers, by category, as onboarding reads them. Paged, sorted and searched on the server with
 * the API's own parameters; its answer is a record (`data.productConfigurator`), not a list, so the shared
 * paged list state drives an antd table here rather than PagedTable, which reads a list.
 */
import { Flex, Input, Table, Typography, type TablePaginationConfig } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import type { ProductConfigurator } from '@meridian/shared/contract/loan-product';
import { pageRangeText, usePagedList } from '@meridian/shared/http/use-paged-list';
import { LoadFailedAlert } from '@meridian/shared/ui/load-failed-alert';
import { TableBox } from '@meridian/shared/ui/table-box';
import { PRODUCTS_API } from './product-paths';
import { PRODUCT_TEXT } from './product-text';

const DEFAULT_SORT = { field: 'productCategoryName', order: 'ASC' } as const;

interface ConfiguratorAnswer {
  productConfigurator: ProductConfigurator[];
}

export function ConfiguratorTab() {
  const list = usePagedList<unknown>({ url: PRODUCTS_API.configurator, defaultSort: DEFAULT_SORT, stateKey: 'configurator' });
  const { state, update } = list;
  const answer = list.rows.status === 'loaded' ? (list.rows.data.data as unknown as ConfiguratorAnswer | null) : null;
  const rows = answer?.productConfigurator ?? [];
  const orderOf = (field: string) =>
    state.sortField === field ? (state.sortOrder === 'DESC' ? ('descend' as const) : ('ascend' as const)) : null;

  const onChange = (
    pagination: TablePaginationConfig,
    _filters: unknown,
    sorter: SorterResult<ProductConfigurator> | SorterResult<ProductConfigurator>[],
  ) => {
    const sort = Array.isArray(sorter) ? sorter[0] : sorter;
    const field = sort?.order ? (sort.columnKey as string | undefined) : undefined;
    const order = sort?.order === 'descend' ? 'DESC' : sort?.order === 'ascend' ? 'ASC' : undefined;
    if (field !== state.sortField || order !== state.sortOrder) update({ page: undefined, sort: field ?? '', order });
    else update({ page: pagination.current, size: pagination.pageSize });
  };

  return (
    <Flex vertical gap={16}>
      <Typography.Text type="secondary">{PRODUCT_TEXT.configuratorHint}</Typography.Text>
      <Input.Search
        allowClear
        aria-label={PRODUCT_TEXT.searchConfigurator}
        placeholder={PRODUCT_TEXT.searchConfigurator}
        value={list.typed}
        onChange={(event) => list.setTyped(event.target.value)}
        onSearch={list.searchNow}
        style={{ maxWidth: 360 }}
      />
      {list.rows.status === 'failed' && <LoadFailedAlert error={list.rows.error} onRetry={list.rows.reload} />}
      <TableBox>
        <Table<ProductConfigurator>
          aria-label={PRODUCT_TEXT.configurator}
          rowKey={(r) => r.productId}
          loading={list.rows.status === 'loading'}
          dataSource={rows}
          locale={{ emptyText: PRODUCT_TEXT.noConfigurator }}
          onChange={onChange}
          pagination={{
            current: state.page,
            pageSize: state.size,
            total: list.total,
            showSizeChanger: true,
            pageSizeOptions: list.pageSizes,
            showTotal: pageRangeText,
          }}
          columns={[
            {
              title: PRODUCT_TEXT.category,
              dataIndex: 'productCategoryName',
              key: 'productCategoryName',
              sorter: true,
              sortOrder: orderOf('productCategoryName'),
            },
            {
              title: PRODUCT_TEXT.productName,
              dataIndex: 'productName',
              key: 'productName',
              sorter: true,
              sortOrder: orderOf('productName'),
            },
            { title: PRODUCT_TEXT.currency, dataIndex: 'currency' },
          ]}
          scroll={{ x: 'max-content' }}
        />
      </TableBox>
    </Flex>
  );
}
