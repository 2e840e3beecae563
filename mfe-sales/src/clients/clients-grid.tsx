/**
 * The clients as cards (/clients/grid). It keeps its state as the list's table does (the shared
 * usePagedList), so switching between list and grid keeps the page, the sort, the search and the group.
 */
import type { ReactNode } from 'react';
import { Button, Card, Col, Empty, Flex, Input, Pagination, Row, Select, Spin, Typography } from 'antd';
import { SortAscendingOutlined, SortDescendingOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import type { ClientListItem } from '@meridian/shared/contract/client';
import type { QueryParams } from '@meridian/shared/http/http-client';
import { PAGE_SIZES, pageRangeText, usePagedList, type ListSort } from '@meridian/shared/http/use-paged-list';
import { MESSAGES } from '@meridian/shared/messages';
import { fullName } from '@meridian/shared/format';
import { editClientPath } from './client-paths';
import { CLIENT_TEXT } from './client-text';
import { LoadFailedAlert } from '@meridian/shared/ui/load-failed-alert';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';

/** The fields GET /api/clients sorts by, for the grid's sort choice. */
const CLIENT_SORT_FIELDS = [
  { value: 'dateCreated', label: MESSAGES.createdOn },
  { value: 'lastName', label: MESSAGES.lastName },
  { value: 'firstName', label: MESSAGES.firstName },
  { value: 'mobile', label: MESSAGES.mobile },
  { value: 'city', label: CLIENT_TEXT.city },
  { value: 'tenantName', label: MESSAGES.tenant },
];

export interface ClientsGridProps {
  filters: QueryParams;
  defaultSort: ListSort;
  reloadToken: number;
  toolbar?: ReactNode;
  canEdit: boolean;
  actions?: (client: ClientListItem) => ReactNode;
}

export function ClientsGrid({ filters, defaultSort, reloadToken, toolbar, canEdit, actions }: ClientsGridProps) {
  const format = useTenantFormat();
  const {
    state,
    update,
    typed,
    setTyped,
    searchNow,
    rows,
    items: clients,
    total,
  } = usePagedList<ClientListItem>({ url: '/api/clients', filters, defaultSort, reloadToken });
  const sortOrder = state.sortOrder ?? defaultSort.order;

  return (
    <Flex vertical gap={16}>
      <Flex gap={8} wrap justify="space-between">
        {/* Capped at the row's width, so the search box narrows on a phone instead of pushing the page wider. */}
        <Flex gap={8} wrap style={{ maxWidth: '100%', minWidth: 0 }}>
          <Input.Search
            allowClear
            aria-label={CLIENT_TEXT.searchClients}
            placeholder={CLIENT_TEXT.searchClients}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            onSearch={searchNow}
            style={{ width: 360, maxWidth: '100%' }}
          />
          <Select
            aria-label={MESSAGES.sortBy}
            value={state.sortField}
            options={CLIENT_SORT_FIELDS}
            onChange={(field: string) => update({ sort: field, page: undefined })}
            style={{ width: 180 }}
          />
          <Button
            aria-label={sortOrder === 'ASC' ? MESSAGES.sortAscending : MESSAGES.sortDescending}
            title={sortOrder === 'ASC' ? MESSAGES.sortAscending : MESSAGES.sortDescending}
            icon={sortOrder === 'ASC' ? <SortAscendingOutlined /> : <SortDescendingOutlined />}
            onClick={() => update({ order: sortOrder === 'ASC' ? 'DESC' : 'ASC', sort: state.sortField, page: undefined })}
          />
        </Flex>
        <Flex gap={8} wrap>
          {toolbar}
        </Flex>
      </Flex>
      {rows.status === 'failed' && <LoadFailedAlert error={rows.error} onRetry={rows.reload} />}
      <Spin spinning={rows.status === 'loading'}>
        {rows.status === 'loaded' && clients.length === 0 ? (
          <Empty description={CLIENT_TEXT.noClients} />
        ) : (
          <Row gutter={[16, 16]} role="list" aria-label={CLIENT_TEXT.clients}>
            {clients.map((client) => (
              <Col key={client.Id} xs={24} sm={12} lg={8} xxl={6} role="listitem">
                <Card
                  size="small"
                  title={canEdit ? <Link to={editClientPath(client.Id)}>{fullName(client)}</Link> : fullName(client)}
                  actions={
                    actions
                      ? [
                          <Flex key="actions" justify="center">
                            {actions(client)}
                          </Flex>,
                        ]
                      : undefined
                  }
                >
                  <Flex vertical gap={4}>
                    <Typography.Text>{client.mobile ?? '—'}</Typography.Text>
                    <Typography.Text ellipsis={{ tooltip: client.emailAddress }}>{client.emailAddress ?? '—'}</Typography.Text>
                    <Typography.Text type="secondary">
                      {CLIENT_TEXT.idNumber}: {client.idNumber ?? '—'}
                    </Typography.Text>
                    <Typography.Text>
                      {MESSAGES.tenant}: {client.tenantName}
                    </Typography.Text>
                    <Typography.Text type="secondary">
                      {MESSAGES.createdOn}: {format.day(client.dateCreated)}
                    </Typography.Text>
                  </Flex>
                </Card>
              </Col>
            ))}
          </Row>
        )}
      </Spin>
      <Flex justify="end">
        <Pagination
          current={state.page}
          pageSize={state.size}
          total={total}
          showSizeChanger
          pageSizeOptions={PAGE_SIZES}
          showTotal={pageRangeText}
          onChange={(page, size) => update({ page: size !== state.size ? undefined : page, size })}
        />
      </Flex>
    </Flex>
  );
}
