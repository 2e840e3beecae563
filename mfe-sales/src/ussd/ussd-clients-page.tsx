/**
 * Registered USSD clients (/clients/ussd/clients): every registration of the acting subtree, paged, sorted
 * (newest first) and searched on the server by name or phone, filtered active or deregistered. Deregistering
 * (the spec's call) asks first; a refusal (the client was deregistered meanwhile, say) is shown above the list.
 */
import { useState } from 'react';
import { Alert, Flex, Tag } from 'antd';
import { ussd } from '@meridian/shared/contract/areas/sales';
import type { UssdClient } from '@meridian/shared/contract/ussd';
import { api } from '@meridian/shared/http/api';
import { useCan } from '@meridian/shared/session/use-can';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';
import { FilterSelect } from '@meridian/shared/ui/filter-select';
import { LinkButton } from '@meridian/shared/ui/link-button';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { PagedTable, type PagedColumn } from '@meridian/shared/ui/paged-table';
import { DeleteRowButton } from '@meridian/shared/ui/row-buttons';
import { useAddressFilter } from '@meridian/shared/ui/use-address-filter';
import { useConfirmedAction } from '@meridian/shared/ui/use-confirmed-action';
import { USSD_API, USSD_PATHS } from './ussd-paths';
import { USSD_TEXT } from './ussd-text';

const DEFAULT_SORT = { field: 'registeredDate', order: 'DESC' } as const;
const STATUS_CHOICES = [
  { value: '', label: USSD_TEXT.allClients },
  { value: 'active', label: USSD_TEXT.onlyActive },
  { value: 'deregistered', label: USSD_TEXT.onlyDeregistered },
];

const PinState = ({ client }: { client: UssdClient }) => (
  <Flex gap={4}>
    <Tag color={client.pinSet && client.status === 'active' ? 'green' : undefined}>
      {client.pinSet && client.status === 'active' ? USSD_TEXT.pinSet : USSD_TEXT.pinNotSet}
    </Tag>
    {client.locked && <Tag color="red">{USSD_TEXT.locked}</Tag>}
  </Flex>
);

export const UssdLinks = () => (
  <Flex gap={8} wrap>
    <LinkButton to={USSD_PATHS.clients}>{USSD_TEXT.clients}</LinkButton>
    <LinkButton to={USSD_PATHS.sessions}>{USSD_TEXT.sessions}</LinkButton>
    <LinkButton to={USSD_PATHS.dashboard}>{USSD_TEXT.dashboard}</LinkButton>
  </Flex>
);

export default function UssdClientsPage() {
  const format = useTenantFormat();
  const mayDeregister = useCan(ussd, 'deregister');
  const [status, setStatus] = useAddressFilter('status', ['active', 'deregistered']);
  const [refusal, setRefusal] = useState<string | null>(null);
  const { confirmAction, reloadToken } = useConfirmedAction(setRefusal);

  const deregister = (client: UssdClient) =>
    confirmAction({
      question: USSD_TEXT.deregisterQuestion(client.clientName),
      detail: USSD_TEXT.deregisterDetail,
      okText: USSD_TEXT.deregister,
      call: () => api.delete(USSD_API.deregister(client.clientId)),
      done: USSD_TEXT.deregisteredDone,
    });

  const columns: PagedColumn<UssdClient>[] = [
    { title: USSD_TEXT.client, dataIndex: 'clientName', sortField: 'clientName', maxWidth: 220 },
    { title: USSD_TEXT.phone, dataIndex: 'phone' },
    {
      title: USSD_TEXT.status,
      dataIndex: 'status',
      render: (s: UssdClient['status']) =>
        s === 'active' ? <Tag color="blue">{USSD_TEXT.active}</Tag> : <Tag>{USSD_TEXT.deregistered}</Tag>,
    },
    { title: USSD_TEXT.registered, dataIndex: 'registeredDate', sortField: 'registeredDate', render: (iso: string) => format.moment(iso) },
    {
      title: USSD_TEXT.lastSession,
      dataIndex: 'lastSessionDate',
      render: (iso: string | null) => (iso ? format.moment(iso) : USSD_TEXT.never),
    },
    { title: USSD_TEXT.pin, key: 'pin', render: (_: unknown, c: UssdClient) => <PinState client={c} /> },
    ...(mayDeregister
      ? [
          {
            title: '',
            key: 'actions',
            actions: true,
            render: (_: unknown, c: UssdClient) =>
              c.status === 'active' ? (
                <DeleteRowButton name={c.clientName} action={USSD_TEXT.deregister} onClick={() => deregister(c)} />
              ) : null,
          },
        ]
      : []),
  ];

  return (
    <PageFrame title={USSD_TEXT.clients} actions={<UssdLinks />}>
      {refusal && (
        <Alert type="error" showIcon role="alert" title={refusal} closable onClose={() => setRefusal(null)} style={{ marginBottom: 16 }} />
      )}
      <PagedTable<UssdClient>
        url={USSD_API.clients}
        filters={{ status: status || undefined }}
        columns={columns}
        rowKey={(c) => c.id}
        label={USSD_TEXT.clients}
        emptyText={USSD_TEXT.noClients}
        searchPlaceholder={USSD_TEXT.searchClients}
        defaultSort={DEFAULT_SORT}
        reloadToken={reloadToken}
        tableId="sales-ussd-clients"
        toolbar={<FilterSelect label={USSD_TEXT.filterByStatus} value={status} options={STATUS_CHOICES} onChange={setStatus} />}
      />
    </PageFrame>
  );
}
