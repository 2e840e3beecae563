/**
 * /admin/tenants/list: the tenant hierarchy beneath the user (GET /api/tenants/descendantsByUserId) as a
 * tree table, with a sub-tenant, edit and delete action per tenant. The server changes only tenants
 * inside the tenant the user acts for, so a tenant outside it offers no actions and says why. Deleting
 * asks first; the server refuses while the tenant has sub-tenants or users, and its answer stays on the screen.
 * The actions are icon buttons (named for assistive technology, with a tooltip) in a column kept in view,
 * so the table fits a 1280 px screen and scrolls inside itself on a phone.
 */
import { pathTo } from '@meridian/shared/contract/areas/path-to';
import { tenantProducts, tenants } from '@meridian/shared/contract/areas/admin';
import { useMemo, useState } from 'react';
import { Alert, App, Button, Flex, Table, Tag, Tooltip, type TableColumnType } from 'antd';
import { AppstoreOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import type { TenantNode, TenantTree } from '@meridian/shared/contract/tenant';
import { api } from '@meridian/shared/http/api';
import { sessionStore } from '@meridian/shared/session/session-store';
import { errorText } from '@meridian/shared/http/api-errors';
import { useLoad } from '@meridian/shared/http/use-load';
import { MESSAGES, userActionLabel } from '@meridian/shared/messages';
import { requestTenantId, useSession } from '@meridian/shared/session/session-store';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { LinkButton } from '@meridian/shared/ui/link-button';
import { LoadPanel } from '@meridian/shared/ui/load-panel';
import { TableBox } from '@meridian/shared/ui/table-box';
import { mayHaveChildren, subtreeIds, typeName } from './tenant-tree';
import { deleteTenantQuestion, TENANT_TEXT } from './tenant-text';

/** A table row: antd draws a row with `children` as expandable, so leaves carry none. */
type Row = Omit<TenantNode, 'children'> & { children?: Row[] };
const toRows = (nodes: readonly TenantNode[]): Row[] =>
  nodes.map(({ children, ...tenant }) => (children?.length ? { ...tenant, children: toRows(children) } : tenant));

const editPath = (tenant: Row) => pathTo(tenants.screens.edit, { id: tenant.Id });

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
      content: TENANT_TEXT.tenantDeleteDetail,
      okText: MESSAGES.deleteAction,
      okButtonProps: { danger: true },
      cancelText: MESSAGES.cancelAction,
      onOk: async () => {
        setRefusal(null);
        try {
          await api.post('/api/tenants/delete', { id: tenant.Id });
          sessionStore.getState().tenantsChanged();
          void message.success(TENANT_TEXT.tenantDeleted);
          setReloadToken((n) => n + 1);
        } catch (error) {
          setRefusal(errorText(error));
        }
      },
    });

  const actions = (tenant: Row) => {
    if (changeable && !changeable.has(tenant.Id)) {
      return (
        <Tooltip title={TENANT_TEXT.tenantOutsideActing}>
          <Tag>{TENANT_TEXT.outsideActing}</Tag>
        </Tooltip>
      );
    }
    const addLabel = userActionLabel(TENANT_TEXT.addSubTenant, tenant.name);
    const editLabel = userActionLabel(MESSAGES.editAction, tenant.name);
    const productsLabel = userActionLabel(TENANT_TEXT.tenantProducts, tenant.name);
    const deleteLabel = userActionLabel(MESSAGES.deleteAction, tenant.name);
    return (
      <Flex gap={4} wrap={false}>
        {mayHaveChildren(tenant.type) && (
          <LinkButton
            size="small"
            type="text"
            icon={<PlusOutlined />}
            to={`${tenants.screens.create}?parentId=${encodeURIComponent(tenant.Id)}`}
            aria-label={addLabel}
            title={addLabel}
          >
            {null}
          </LinkButton>
        )}
        <LinkButton size="small" type="text" icon={<EditOutlined />} to={editPath(tenant)} aria-label={editLabel} title={editLabel}>
          {null}
        </LinkButton>
        <LinkButton
          size="small"
          type="text"
          icon={<AppstoreOutlined />}
          to={`${tenantProducts.screens.edit}?tenantId=${encodeURIComponent(tenant.Id)}`}
          aria-label={productsLabel}
          title={productsLabel}
        >
          {null}
        </LinkButton>
        <Button
          size="small"
          type="text"
          danger
          icon={<DeleteOutlined />}
          onClick={() => confirmDelete(tenant)}
          aria-label={deleteLabel}
          title={deleteLabel}
        />
      </Flex>
    );
  };

  const columns: TableColumnType<Row>[] = [
    {
      title: MESSAGES.name,
      dataIndex: 'name',
      key: 'name',
      render: (_: unknown, tenant: Row) => <Link to={editPath(tenant)}>{tenant.name}</Link>,
    },
    { title: TENANT_TEXT.tenantType, dataIndex: 'type', key: 'type', render: (type: number) => typeName(type) },
    { title: TENANT_TEXT.shortCode, dataIndex: 'shortCode', key: 'shortCode' },
    { title: MESSAGES.location, dataIndex: 'location', key: 'location' },
    {
      title: TENANT_TEXT.locationRequired,
      dataIndex: 'locationRequired',
      key: 'locationRequired',
      render: (required: boolean) => (required ? TENANT_TEXT.yes : TENANT_TEXT.no),
    },
    { title: MESSAGES.rowActions, key: 'actions', fixed: 'right', render: (_: unknown, tenant: Row) => actions(tenant) },
  ];

  return (
    <PageFrame
      title={TENANT_TEXT.tenantsTitle}
      actions={
        <>
          <LinkButton to={tenantProducts.screens.edit}>{TENANT_TEXT.tenantProductsTitle}</LinkButton>
          <LinkButton type="primary" to={tenants.screens.create}>
            {TENANT_TEXT.newTenant}
          </LinkButton>
        </>
      }
    >
      {refusal && (
        <Alert
          type="error"
          showIcon
          closable={{ onClose: () => setRefusal(null) }}
          title={TENANT_TEXT.tenantNotDeleted}
          description={refusal}
          style={{ marginBottom: 16 }}
        />
      )}
      <LoadPanel state={tree}>
        {(data) => (
          <TableBox>
            <Table<Row>
              aria-label={TENANT_TEXT.tenantsTitle}
              rowKey="Id"
              columns={columns}
              dataSource={toRows(data.tenantsArranged)}
              expandable={{ defaultExpandAllRows: true }}
              pagination={false}
              locale={{ emptyText: TENANT_TEXT.noTenants }}
              scroll={{ x: 'max-content' }}
            />
          </TableBox>
        )}
      </LoadPanel>
    </PageFrame>
  );
}
