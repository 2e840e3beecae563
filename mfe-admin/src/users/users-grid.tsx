/**
 * The users as cards (/admin/users/grid). The shared PagedTable draws only a table, so the grid reads
 * and writes the same address parameters as the list's table (page, size, sort, order, q) and asks
 * the same call with the same filters: switching between list and grid keeps the page, the sort,
 * the search and the filters.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Alert, Button, Card, Checkbox, Col, Empty, Flex, Input, Pagination, Row, Select, Spin, Tag, Typography } from 'antd';
import { SortAscendingOutlined, SortDescendingOutlined } from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router';
import type { UserListItem } from '@meridian/shared/contract/user';
import { PAGING_DEFAULTS } from '@meridian/shared/constants';
import { api } from '@meridian/shared/http/api';
import { errorText } from '@meridian/shared/http/api-errors';
import type { QueryParams } from '@meridian/shared/http/http-client';
import { useLoad } from '@meridian/shared/http/use-load';
import { MESSAGES, selectUserLabel } from '@meridian/shared/messages';
import type { SortOrder } from '@meridian/shared/ui/paged-table';
import { editUserPath } from './user-actions';
import { formatDay, fullName } from './user-format';

/** As the shared table (so a size chosen in one view suits the other): a pause in typing before asking, and the page sizes. */
const SEARCH_DELAY_MS = 300;
const PAGE_SIZES = [10, 20, 50, 100];
const DEFAULT_PAGE_SIZE = 20;

export interface UsersGridProps {
  filters: QueryParams;
  defaultSort: { field: string; order: SortOrder };
  /** The fields the server sorts users by, with their labels. */
  sortFields: { value: string; label: string }[];
  reloadToken: number;
  toolbar?: ReactNode;
  selection?: { keys: string[]; onChange(keys: string[]): void };
  actions(user: UserListItem): ReactNode;
}

function useGridAddress(defaultSort: { field: string; order: SortOrder }) {
  const [params, setParams] = useSearchParams();
  const number = (name: string, fallback: number) => {
    const value = Number(params.get(name));
    return Number.isInteger(value) && value > 0 ? value : fallback;
  };
  const state = {
    page: number('page', PAGING_DEFAULTS.page),
    size: number('size', DEFAULT_PAGE_SIZE),
    sortField: params.get('sort') ?? defaultSort.field,
    sortOrder: (params.get('order') === 'ASC' ? 'ASC' : params.get('order') === 'DESC' ? 'DESC' : defaultSort.order) as SortOrder,
    search: params.get('q') ?? '',
  };
  const update = (changes: Partial<Record<'page' | 'size' | 'sort' | 'order' | 'q', string | number | undefined>>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes)) {
          if (value === undefined || value === '') next.delete(name);
          else next.set(name, String(value));
        }
        return next;
      },
      { replace: true },
    );
  return { state, update };
}

export function UsersGrid({ filters, defaultSort, sortFields, reloadToken, toolbar, selection, actions }: UsersGridProps) {
  const { state, update } = useGridAddress(defaultSort);
  const [typed, setTyped] = useState(state.search);
  const filterKey = JSON.stringify(filters);

  useEffect(() => {
    if (typed === state.search) return undefined;
    const timer = setTimeout(() => update({ q: typed.trim() || undefined, page: undefined }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const users = useLoad(
    (signal) =>
      api.get<UserListItem[]>('/api/users', {
        signal,
        query: { ...filters, page: state.page, size: state.size, sortField: state.sortField, sortOrder: state.sortOrder, search: state.search || undefined },
      }),
    [filterKey, state.page, state.size, state.sortField, state.sortOrder, state.search, reloadToken],
  );
  const loaded = users.status === 'loaded' ? users.data : null;
  const rows = loaded?.data ?? [];

  const toggle = (id: string, checked: boolean) => {
    if (!selection) return;
    selection.onChange(checked ? [...selection.keys, id] : selection.keys.filter((key) => key !== id));
  };

  return (
    <Flex vertical gap={16}>
      <Flex gap={8} wrap justify="space-between">
        <Flex gap={8} wrap>
          <Input.Search
            allowClear
            aria-label={MESSAGES.searchUsers}
            placeholder={MESSAGES.searchUsers}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            onSearch={(value) => update({ q: value.trim() || undefined, page: undefined })}
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
            aria-label={state.sortOrder === 'ASC' ? MESSAGES.sortAscending : MESSAGES.sortDescending}
            title={state.sortOrder === 'ASC' ? MESSAGES.sortAscending : MESSAGES.sortDescending}
            icon={state.sortOrder === 'ASC' ? <SortAscendingOutlined /> : <SortDescendingOutlined />}
            onClick={() => update({ order: state.sortOrder === 'ASC' ? 'DESC' : 'ASC', sort: state.sortField, page: undefined })}
          />
        </Flex>
        <Flex gap={8} wrap>
          {toolbar}
        </Flex>
      </Flex>
      {users.status === 'failed' && (
        <Alert
          type="error"
          showIcon
          title={MESSAGES.loadFailed}
          description={errorText(users.error)}
          action={
            <Button size="small" onClick={users.reload}>
              {MESSAGES.retry}
            </Button>
          }
        />
      )}
      <Spin spinning={users.status === 'loading'}>
        {users.status === 'loaded' && rows.length === 0 ? (
          <Empty description={MESSAGES.noUsers} />
        ) : (
          <Row gutter={[16, 16]} role="list" aria-label={MESSAGES.users}>
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
                  actions={[<Flex key="actions" justify="center">{actions(user)}</Flex>]}
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
                      {MESSAGES.createdOn}: {formatDay(user.dateCreated)}
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
          total={loaded?.paging?.total ?? 0}
          showSizeChanger
          pageSizeOptions={PAGE_SIZES}
          showTotal={(total, [from, to]) => `${from}–${to} of ${total.toLocaleString()}`}
          onChange={(page, size) => update({ page: size !== state.size ? undefined : page, size })}
        />
      </Flex>
    </Flex>
  );
}
