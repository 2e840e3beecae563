/**
 * The users as cards (/admin/users/grid). It keeps its state as the list's table does (the shared
 * usePagedList), so switching between list and grid keeps the page, the sort, the search and the filters.
 */
import type { ReactNode } from 'react';
import { Button, Card, Checkbox, Col, Empty, Flex, Input, Pagination, Row, Select, Spin, Tag, Typography } from 'antd';
import { SortAscendingOutlined, SortDescendingOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import type { UserListItem } from '@meridian/shared/contract/user';
import type { QueryParams } from '@meridian/shared/http/http-client';
import { MESSAGES } from '@meridian/shared/messages';
import { PAGE_SIZES, pageRangeText, usePagedList, type ListSort } from '@meridian/shared/http/use-paged-list';
import { editUserPath } from './user-actions';
import { fullName } from '@meridian/shared/format';
import { LoadFailedAlert } from '@meridian/shared/ui/load-failed-alert';
import { ADMIN_TEXT } from '../parts/admin-text';
import { selectUserLabel, USER_TEXT } from './user-text';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';

export interface UsersGridProps {
  filters: QueryParams;
  defaultSort: ListSort;
  /** The fields the server sorts users by, with their labels. */
  sortFields: { value: string; label: string }[];
  reloadToken: number;
  toolbar?: ReactNode;
  selection?: { keys: string[]; onChange(keys: string[]): void };
  actions(user: UserListItem): ReactNode;
}

export function UsersGrid({ filters, defaultSort, sortFields, reloadToken, toolbar, selection, actions }: UsersGridProps) {
  const format = useTenantFormat();
  const {
    state,
    update,
    typed,
    setTyped,
    searchNow,
    rows: users,
    items: rows,
    total,
  } = usePagedList<UserListItem>({ url: '/api/users', filters, defaultSort, reloadToken });
  const sortOrder = state.sortOrder ?? defaultSort.order;

  const toggle = (id: string, checked: boolean) => {
    if (!selection) return;
    selection.onChange(checked ? [...selection.keys, id] : selection.keys.filter((key) => key !== id));
  };

  return (
    <Flex vertical gap={16}>
      <Flex gap={8} wrap justify="space-between">
        {/* Capped at the row's width, so the search box narrows on a phone instead of pushing the page wider. */}
        <Flex gap={8} wrap style={{ maxWidth: '100%', minWidth: 0 }}>
          <Input.Search
            allowClear
            aria-label={USER_TEXT.searchUsers}
            placeholder={USER_TEXT.searchUsers}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            onSearch={searchNow}
            style={{ width: 360, maxWidth: '100%' }}
          />
          <Select
            aria-label={MESSAGES.sortBy}
            value={state.sortField}
            options={sortFields}
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
      {users.status === 'failed' && <LoadFailedAlert error={users.error} onRetry={users.reload} />}
      <Spin spinning={users.status === 'loading'}>
        {users.status === 'loaded' && rows.length === 0 ? (
          <Empty description={USER_TEXT.noUsers} />
        ) : (
          <Row gutter={[16, 16]} role="list" aria-label={ADMIN_TEXT.users}>
            {rows.map((user) => (
              <Col key={user.Id} xs={24} sm={12} lg={8} xxl={6} role="listitem">
                <Card
                  size="small"
                  title={<Link to={editUserPath(user.Id)}>{fullName(user)}</Link>}
                  extra={
                    selection ? (
                      <Checkbox
                        aria-label={selectUserLabel(fullName(user))}
                        checked={selection.keys.includes(user.Id)}
                        onChange={(event) => toggle(user.Id, event.target.checked)}
                      />
                    ) : undefined
                  }
                  actions={[
                    <Flex key="actions" justify="center">
                      {actions(user)}
                    </Flex>,
                  ]}
                >
                  <Flex vertical gap={4}>
                    <Typography.Text type="secondary">{user.userName}</Typography.Text>
                    <Typography.Text ellipsis={{ tooltip: user.emailAddress }}>{user.emailAddress}</Typography.Text>
                    <Typography.Text>{user.mobile ?? '—'}</Typography.Text>
                    <Typography.Text>
                      {MESSAGES.tenant}: {user.tenantName}
                    </Typography.Text>
                    <Flex gap={4} wrap>
                      {user.roles.map((role) => (
                        <Tag key={role}>{role}</Tag>
                      ))}
                    </Flex>
                    <Typography.Text type="secondary">
                      {MESSAGES.createdOn}: {format.day(user.dateCreated)}
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
