/**
 * Product categories (GET /loan-products/categories): the platform's short list every product belongs to.
 * The API offers no call to add one, so this is a list.
 */
import { Table, Typography } from 'antd';
import type { ProductCategory } from '@meridian/shared/contract/loan-product';
import { api } from '@meridian/shared/http/api';
import { useLoad } from '@meridian/shared/http/use-load';
import { LoadFailedAlert } from '@meridian/shared/ui/load-failed-alert';
import { TableBox } from '@meridian/shared/ui/table-box';
import { PRODUCTS_API } from './product-paths';
import { PRODUCT_TEXT } from './product-text';

export function CategoriesTab() {
  const state = useLoad(async (signal) => (await api.get<ProductCategory[]>(PRODUCTS_API.categories, { signal })).data, []);
  return (
    <>
      <Typography.Paragraph type="secondary">{PRODUCT_TEXT.categoriesHint}</Typography.Paragraph>
      {state.status === 'failed' && <LoadFailedAlert error={state.error} onRetry={state.reload} />}
      <TableBox>
        <Table<ProductCategory>
          aria-label={PRODUCT_TEXT.categories}
          rowKey={(c) => c.id}
          loading={state.status === 'loading'}
          dataSource={state.status === 'loaded' ? state.data : []}
          locale={{ emptyText: PRODUCT_TEXT.noCategories }}
          pagination={false}
          columns={[
            { title: PRODUCT_TEXT.name, dataIndex: 'name' },
            { title: PRODUCT_TEXT.code, dataIndex: 'code' },
          ]}
        />
      </TableBox>
    </>
  );
}
