/**
 * /admin/tenants/list: the tenant hierarchy beneath the user (GET /api/tenants/descendantsByUserId) as a
 * tree table, with a sub-tenant, edit and delete action per tenant. The server changes only tenants
 * inside the tenant the user acts for, so a tenant outside it offers no actions and says why. Deleting
 * asks first; the server refuses while the tenant has sub-tenants or users, and its answer stays on the screen.
 */
import { useMemo, useState } from 'react';
import { Alert, App, Button, Flex, Table, Tag, Tooltip, type TableColumnType } from 'antd';
import { Link } from 'react-router';
import type { TenantNode, TenantTree } from '@meridian/shared/contract/tenant';
import { api } from '@meridian/shared/http/api';
import { sessionStore } from '@meridian/shared/session/session-store';
import { errorText } from '@meridian/shared/http/api-errors';
import { useLoad } from '@meridian/shared/http/use-load';
import { deleteTenantQuestion, MESSAGES, userActionLabel } from '@meridian/shared/messages';
import { requestTenantId, useSession } from '@meridian/shared/session/session-store';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { LinkButton } from '@meridian/shared/ui/link-button';
import { LoadPanel } from '@meridian/shared/ui/load-panel';
import { mayHaveChildren, subtreeIds, typeName } from './tenant-tree';

/** A table row: antd draws a row with `children` as expandable, so leaves carry none. */
type Row = Omit<TenantNode, 'children'> & { children?: Row[] };
const toRows = (nodes: readonly TenantNode[]): Row[] =>
  nodes.map(({ children, ...tenant }) => (children?.length ? { ...tenant, children: toRows(children) } : tenant));

const editPath = (tenant: Row) => `/admin/tenants/edit/${encodeURIComponent(tenant.Id)}`;

export default function TenantsListPage() {
  const { modal, message } = App.useApp();
  const actingTenantId = useSession(requestTenantId);
  const [reloadToken, setReloadToken] = useState(0);
  const [refusal, setRefusal] = useState<string | null>(null);
  // `reloadToken` is not read by the call: a bump of it loads the tree again.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const tree = useLoad((signal) => api.get<TenantTree>('/api/tenants/descendantsByUserId', { signal }).then((r) => r.data), [reloadToken]);

  const arranged = tree.status === 'loaded' ? tree.data.tenantsArranged : null;
  /** What the acting tenant may change; null when it is not in the tree (the server decides). */
  const changeable = useMemo(() => (arranged ? subtreeIds(arranged, actingTenantId) : null), [arranged, actingTenantId]);

  const confirmDelete = (tenant: Row) =>
    modal.confirm({
      title: deleteTenantQuestion(tenant.name),
      content: MESSAGES.tenantDeleteDetail,
      okText: MESSAGES.deleteAction,
      okButtonProps: { danger: true },
      cancelText: MESSAGES.cancelAction,
      onOk: async () => {
        setRefusal(null);
        try {
          await api.post('/api/tenants/delete', { id: tenant.Id });
          sessionStore.getState().tenantsChanged();
          void message.success(MESSAGES.tenantDeleted);
          setReloadToken((n) => n + 1);
        } catch (error) {
          setRefusal(errorText(error));
        }
      },
    });

  const actions = (tenant: Row) => {
    if (changeable && !changeable.has(tenant.Id)) {
      return (
        <Tooltip title={MESSAGES.tenantOutsideActing}>
          <Tag>{MESSAGES.outsideActing}</Tag>
        </Tooltip>
      );
    }
    return (
      <Flex gap={8} wrap>
        {mayHaveChildren(tenant.type) && (
          <LinkButton size="small" to={`/admin/tenants/create?parentId=${encodeURIComponent(tenant.Id)}`} aria-label={userActionLabel(MESSAGES.addSubTenant, tenant.name)}>
            {MESSAGES.addSubTenant}
          </LinkButton>
        )}
        <LinkButton size="small" to={editPath(tenant)} aria-label={userActionLabel(MESSAGES.editAction, tenant.name)}>
          {MESSAGES.editAction}
        </LinkButton>
        <LinkButton size="small" to={`/admin/tenants/products/edit?tenantId=${encodeURIComponent(tenant.Id)}`} aria-label={userActionLabel(MESSAGES.tenantProducts, tenant.name)}>
          {MESSAGES.tenantProducts}
        </LinkButton>
        <Button size="small" danger onClick={() => confirmDelete(tenant)} aria-label={userActionLabel(MESSAGES.deleteAction, tenant.name)}>
          {MESSAGES.deleteAction}
        </Button>
      </Flex>
    );
  };

  const columns: TableColumnType<Row>[] = [
    { title: MESSAGES.name, dataIndex: 'name', key: 'name', render: (_: unknown, tenant: Row) => <Link to={editPath(tenant)}>{tenant.name}</Link> },
    { title: MESSAGES.tenantType, dataIndex: 'type', key: 'type', render: (type: number) => typeName(type) },
    { title: MESSAGES.shortCode, dataIndex: 'shortCode', key: 'shortCode' },
    { title: MESSAGES.location, dataIndex: 'location', key: 'location' },
    { title: MESSAGES.locationRequired, dataIndex: 'locationRequired', key: 'locationRequired', render: (required: boolean) => (required ? MESSAGES.yes : MESSAGES.no) },
    { title: MESSAGES.rowActions, key: 'actions', render: (_: unknown, tenant: Row) => actions(tenant) },
  ];

  return (
    <PageFrame
      title={MESSAGES.tenantsTitle}
      actions={
        <>
          <LinkButton to="/admin/tenants/products/edit">{MESSAGES.tenantProductsTitle}</LinkButton>
          <LinkButton type="primary" to="/admin/tenants/create">
            {MESSAGES.newTenant}
          </LinkButton>
        </>
      }
    >
      {refusal && (
        <Alert
          type="error"
          showIcon
          closable={{ onClose: () => setRefusal(null) }}
          title={MESSAGES.tenantNotDeleted}
          description={refusal}
          style={{ marginBottom: 16 }}
        />
      )}
      <LoadPanel state={tree}>
        {(data) => (
          <Table<Row>
            aria-label={MESSAGES.tenantsTitle}
            rowKey="Id"
            columns={columns}
            dataSource={toRows(data.tenantsArranged)}
            expandable={{ defaultExpandAllRows: true }}
            pagination={false}
            locale={{ emptyText: MESSAGES.noTenants }}
            scroll={{ x: 'max-content' }}
          />
        )}
      </LoadPanel>
    </PageFrame>
  );
}
