/**
 * /sales/leads: the leads of the acting tenant's subtree in a window of days (GET
 * /api/leads/tenant/getbyid), by the date chosen (created, consent or affordability) and starting on
 * the current week (spec section 9); narrowed by status, paged, sorted and searched on the server.
 * The window, date type and status live in the address beside the list's own state. Each lead can be
 * edited, downloaded as a PDF, given another status, assigned to an agent, sent the consent request
 * again and deleted (asked first). Leads a field user created offline show above the list, marked
 * "Waiting to send", until the sync has sent them; offline the list says so and what still works.
 */
import { useState } from 'react';
import { Button, Flex, Select, Tag, Typography } from 'antd';
import { BarChartOutlined, PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { LEAD_DATE_TYPES, type LeadDateType, type LeadListItem, type LeadStatus } from '@meridian/shared/contract/lead';
import type { ListSort } from '@meridian/shared/http/use-paged-list';
import { MESSAGES } from '@meridian/shared/messages';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { OfflineStillWorks } from '@meridian/shared/ui/load-offline-notice';
import { PagedTable, type PagedColumn } from '@meridian/shared/ui/paged-table';
import { DayInput } from '../parts/date-field';
import { fullName } from '@meridian/shared/format';
import { LinkButton } from '@meridian/shared/ui/link-button';
import { useAddressFilters } from '../parts/use-address-filters';
import { LeadRowActions, useLeadActions } from './lead-actions';
import { LeadsOnDevice } from './leads-on-device';
import { STATUS_CHOICES } from './lead-form-schema';
import { CREATE_LEAD_PATH, editLeadPath, LEADS_DASHBOARD_PATH } from './lead-paths';
import { DATE_TYPE_LABELS, LEAD_TEXT } from './lead-text';
import { orderedWindow, weekWindow, type DayWindow } from './lead-window';
import { useCan } from '@meridian/shared/session/use-can';
import { leads } from '@meridian/shared/contract/areas/sales';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';

/** GET /api/leads/tenant/getbyid's default order (api leads-routes LEAD_SORT), shown as such. */
const DEFAULT_SORT: ListSort = { field: 'dateCreated', order: 'DESC' };
const DATE_TYPE_CHOICES = LEAD_DATE_TYPES.map((type) => ({ value: type, label: DATE_TYPE_LABELS[type] }));

export const STATUS_COLOURS: Record<LeadStatus, string> = {
  New: 'blue',
  Contacted: 'cyan',
  Qualified: 'geekblue',
  Application: 'purple',
  Approved: 'green',
  Declined: 'red',
  Lost: 'default',
  Converted: 'gold',
};

export default function LeadsListPage() {
  const format = useTenantFormat();
  const week = weekWindow();
  const filters = useAddressFilters<'dateType' | 'from' | 'to' | 'status'>({
    dateType: 'created',
    from: week.from,
    to: week.to,
    status: undefined,
  });
  const { dateType, from = week.from, to = week.to, status } = filters.values;
  const canCreate = useCan(leads, 'create');
  const canEdit = useCan(leads, 'edit');
  const actions = useLeadActions();
  // Bumped when a lead kept on this device has been sent, so the list shows it from the server.
  const [sentFromDevice, setSentFromDevice] = useState(0);

  const setWindow = (changed: keyof DayWindow, day: string | null) => {
    const next = orderedWindow({ from, to, [changed]: day ?? week[changed] }, changed);
    filters.set({ from: next.from, to: next.to });
  };

  const nameOf = (lead: LeadListItem) => (canEdit ? <Link to={editLeadPath(lead.Id)}>{fullName(lead)}</Link> : fullName(lead));
  const columns: PagedColumn<LeadListItem>[] = [
    { title: MESSAGES.name, key: 'name', sortField: 'lastName', render: (_: unknown, lead: LeadListItem) => nameOf(lead) },
    { title: LEAD_TEXT.contactNumber, dataIndex: 'contactNumber', sortField: 'contactNumber', optional: true },
    {
      title: MESSAGES.emailAddress,
      dataIndex: 'emailAddress',
      sortField: 'emailAddress',
      hiddenByDefault: true,
      maxWidth: 220,
      render: (email: string | null) => email ?? '—',
    },
    {
      title: MESSAGES.status,
      dataIndex: 'status',
      sortField: 'status',
      render: (s: LeadStatus) => <Tag color={STATUS_COLOURS[s]}>{s}</Tag>,
    },
    {
      title: LEAD_TEXT.consent,
      dataIndex: 'consentStatus',
      sortField: 'consentStatus',
      optional: true,
      render: (consent: string, lead: LeadListItem) => (
        <Flex vertical>
          <span>{consent}</span>
          {lead.consentDate && <Typography.Text type="secondary">{format.day(lead.consentDate)}</Typography.Text>}
        </Flex>
      ),
    },
    {
      title: LEAD_TEXT.affordability,
      dataIndex: 'affordabilityOutcome',
      sortField: 'affordabilityOutcome',
      optional: true,
      render: (outcome: string, lead: LeadListItem) => (
        <Flex vertical>
          <span>{outcome}</span>
          {lead.totalAffordability !== null && <Typography.Text type="secondary">{format.money(lead.totalAffordability)}</Typography.Text>}
        </Flex>
      ),
    },
    {
      title: LEAD_TEXT.assignedTo,
      dataIndex: 'assignedTo',
      sortField: 'assignedTo',
      maxWidth: 160,
      render: (agent: string | null) => agent ?? '—',
    },
    { title: MESSAGES.createdOn, dataIndex: 'dateCreated', sortField: 'dateCreated', render: (iso: string) => format.day(iso) },
    {
      title: MESSAGES.rowActions,
      key: 'actions',
      actions: true,
      render: (_: unknown, lead: LeadListItem) => <LeadRowActions lead={lead} actions={actions} canEdit={canEdit} />,
    },
  ];

  const thisWeek = from === week.from && to === week.to;
  const toolbar = (
    <>
      <Select<LeadDateType>
        aria-label={LEAD_TEXT.dateType}
        options={DATE_TYPE_CHOICES}
        value={(dateType as LeadDateType | undefined) ?? 'created'}
        onChange={(value) => filters.set({ dateType: value })}
        style={{ width: 150 }}
      />
      <DayInput ariaLabel={LEAD_TEXT.from} value={from} max={to} onChange={(day) => setWindow('from', day)} />
      <DayInput ariaLabel={LEAD_TEXT.to} value={to} min={from} onChange={(day) => setWindow('to', day)} />
      <Button disabled={thisWeek} onClick={() => filters.set({ from: week.from, to: week.to })}>
        {LEAD_TEXT.thisWeek}
      </Button>
      <Select<LeadStatus>
        aria-label={LEAD_TEXT.filterByStatus}
        placeholder={LEAD_TEXT.allStatuses}
        allowClear
        options={STATUS_CHOICES}
        value={status as LeadStatus | undefined}
        onChange={(value: LeadStatus | undefined) => filters.set({ status: value })}
        style={{ width: 160 }}
      />
    </>
  );

  return (
    <PageFrame
      title={LEAD_TEXT.leads}
      actions={
        <>
          <LinkButton to={LEADS_DASHBOARD_PATH} icon={<BarChartOutlined />}>
            {LEAD_TEXT.leadsDashboard}
          </LinkButton>
          {canCreate && (
            <LinkButton to={CREATE_LEAD_PATH} type="primary" icon={<PlusOutlined />}>
              {LEAD_TEXT.newLead}
            </LinkButton>
          )}
        </>
      }
    >
      <OfflineStillWorks text={LEAD_TEXT.offlineStillWorks}>
        <Flex vertical gap={16}>
          <LeadsOnDevice onSent={() => setSentFromDevice((n) => n + 1)} />
          <PagedTable<LeadListItem>
            url="/api/leads/tenant/getbyid"
            filters={{ dateType: dateType ?? 'created', startDate: from, endDate: to, status }}
            columns={columns}
            rowKey={(lead) => lead.Id}
            label={LEAD_TEXT.leads}
            emptyText={LEAD_TEXT.noLeads}
            searchPlaceholder={LEAD_TEXT.searchLeads}
            defaultSort={DEFAULT_SORT}
            toolbar={toolbar}
            reloadToken={actions.reloadToken + sentFromDevice}
          />
        </Flex>
      </OfflineStillWorks>
      {actions.dialogs}
    </PageFrame>
  );
}
