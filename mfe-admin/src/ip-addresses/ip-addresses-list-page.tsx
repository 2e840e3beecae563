/**
 * /admin/ip-addresses/list: the network allow-list of the acting tenant's subtree, paged, sorted and
 * searched on the server. Removing an entry asks first; the server refuses a change that would shut
 * out the address the administrator is using now, and that refusal stays on the screen.
 */
import { useState } from 'react';
import { Alert, Flex, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import type { IpAddressEntry } from '@meridian/shared/contract/ip-address';
import { api } from '@meridian/shared/http/api';
import { MESSAGES } from '@meridian/shared/messages';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { PagedTable, type PagedColumn } from '@meridian/shared/ui/paged-table';
import { LinkButton } from '@meridian/shared/ui/link-button';
import { EditRemoveActions } from '@meridian/shared/ui/edit-remove-actions';
import { useConfirmedAction } from '@meridian/shared/ui/use-confirmed-action';
import { CREATE_IP_ADDRESS_PATH, editIpAddressPath } from './ip-address-paths';
import { ADMIN_TEXT } from '../parts/admin-text';
import { IP_ADDRESS_TEXT, removeIpAddressQuestion } from './ip-address-text';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';

export default function IpAddressesListPage() {
  const format = useTenantFormat();
  const [refusal, setRefusal] = useState<string | null>(null);
  const { confirmAction, reloadToken } = useConfirmedAction(setRefusal);

  const confirmRemove = (entry: IpAddressEntry) =>
    confirmAction({
      question: removeIpAddressQuestion(entry.cidr),
      detail: IP_ADDRESS_TEXT.ipAddressRemoveDetail,
      okText: MESSAGES.removeAction,
      call: () => api.delete(`/api/ip-addresses/${encodeURIComponent(entry.Id)}`),
      done: IP_ADDRESS_TEXT.ipAddressRemoved,
    });

  const columns: PagedColumn<IpAddressEntry>[] = [
    {
      title: IP_ADDRESS_TEXT.ipAddressOrRange,
      dataIndex: 'cidr',
      sortField: 'cidr',
      render: (_: unknown, e: IpAddressEntry) => (
        <Link to={editIpAddressPath(e.Id)}>
          <Typography.Text code>{e.cidr}</Typography.Text>
        </Link>
      ),
    },
    { title: MESSAGES.description, dataIndex: 'description', sortField: 'description', render: (text: string | null) => text ?? '' },
    { title: MESSAGES.tenant, dataIndex: 'tenantName', sortField: 'tenantName' },
    {
      title: MESSAGES.status,
      dataIndex: 'active',
      sortField: 'active',
      render: (active: boolean) => (active ? <Tag color="green">{ADMIN_TEXT.active}</Tag> : <Tag>{ADMIN_TEXT.inactive}</Tag>),
    },
    {
      title: MESSAGES.createdOn,
      dataIndex: 'dateCreated',
      sortField: 'dateCreated',
      render: (_: unknown, e: IpAddressEntry) => (
        <Flex vertical>
          <span>{format.moment(e.dateCreated)}</span>
          {e.createdByUserName && <Typography.Text type="secondary">{e.createdByUserName}</Typography.Text>}
        </Flex>
      ),
    },
    {
      title: MESSAGES.rowActions,
      key: 'actions',
      render: (_: unknown, e: IpAddressEntry) => (
        <EditRemoveActions
          editTo={editIpAddressPath(e.Id)}
          name={e.cidr}
          removeLabel={MESSAGES.removeAction}
          onRemove={() => confirmRemove(e)}
        />
      ),
    },
  ];

  return (
    <PageFrame title={IP_ADDRESS_TEXT.ipAddresses} subtitle={IP_ADDRESS_TEXT.ipAllowListExplained}>
      {refusal && (
        <Alert
          type="error"
          showIcon
          closable={{ onClose: () => setRefusal(null) }}
          title={IP_ADDRESS_TEXT.ipAddressNotRemoved}
          description={refusal}
          style={{ marginBottom: 16 }}
          role="alert"
        />
      )}
      <PagedTable<IpAddressEntry>
        url="/api/ip-addresses"
        columns={columns}
        rowKey={(e) => e.Id}
        label={IP_ADDRESS_TEXT.ipAddresses}
        emptyText={IP_ADDRESS_TEXT.noIpAddresses}
        searchPlaceholder={IP_ADDRESS_TEXT.searchIpAddresses}
        defaultSort={{ field: 'dateCreated', order: 'DESC' }}
        reloadToken={reloadToken}
        toolbar={
          <LinkButton type="primary" icon={<PlusOutlined />} to={CREATE_IP_ADDRESS_PATH}>
            {IP_ADDRESS_TEXT.newIpAddress}
          </LinkButton>
        }
      />
    </PageFrame>
  );
}
