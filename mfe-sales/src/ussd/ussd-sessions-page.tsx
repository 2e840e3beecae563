/**
 * Every USSD session of the acting subtree (/clients/ussd/sessions), newest first, paged and searched on
 * the server by phone or client, filtered completed or not; a row's steps open in a drawer.
 */
import { useState } from 'react';
import { Button } from 'antd';
import type { UssdSession } from '@meridian/shared/contract/ussd';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';
import { FilterSelect } from '@meridian/shared/ui/filter-select';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { PagedTable, type PagedColumn } from '@meridian/shared/ui/paged-table';
import { useAddressFilter } from '@meridian/shared/ui/use-address-filter';
import { UssdLinks } from './ussd-clients-page';
import { USSD_API } from './ussd-paths';
import { OutcomeTag, UssdSessionDrawer } from './ussd-session-drawer';
import { USSD_TEXT } from './ussd-text';

const DEFAULT_SORT = { field: 'startedAt', order: 'DESC' } as const;
const COMPLETION_CHOICES = [
  { value: '', label: USSD_TEXT.allSessions },
  { value: 'true', label: USSD_TEXT.onlyCompleted },
  { value: 'false', label: USSD_TEXT.onlyNotCompleted },
];

export default function UssdSessionsPage() {
  const format = useTenantFormat();
  const [completed, setCompleted] = useAddressFilter('completed', ['true', 'false']);
  const [open, setOpen] = useState<UssdSession | null>(null);

  const columns: PagedColumn<UssdSession>[] = [
    { title: USSD_TEXT.started, dataIndex: 'startedAt', sortField: 'startedAt', render: (iso: string) => format.moment(iso) },
    { title: USSD_TEXT.phone, dataIndex: 'phone' },
    { title: USSD_TEXT.client, dataIndex: 'clientName', maxWidth: 220, render: (name: string | null) => name ?? USSD_TEXT.unknownCaller },
    { title: USSD_TEXT.steps, dataIndex: 'steps', align: 'right' },
    { title: USSD_TEXT.outcome, key: 'outcome', render: (_: unknown, s: UssdSession) => <OutcomeTag session={s} /> },
    {
      title: '',
      key: 'actions',
      actions: true,
      render: (_: unknown, s: UssdSession) => (
        <Button size="small" onClick={() => setOpen(s)} aria-label={`${USSD_TEXT.showSteps} ${s.phone} ${format.moment(s.startedAt)}`}>
          {USSD_TEXT.showSteps}
        </Button>
      ),
    },
  ];

  return (
    <PageFrame title={USSD_TEXT.sessions} actions={<UssdLinks />}>
      <PagedTable<UssdSession>
        url={USSD_API.sessions}
        filters={{ completed: completed || undefined }}
        columns={columns}
        rowKey={(s) => s.id}
        label={USSD_TEXT.sessions}
        emptyText={USSD_TEXT.noSessions}
        searchPlaceholder={USSD_TEXT.searchSessions}
        defaultSort={DEFAULT_SORT}
        tableId="sales-ussd-sessions"
        toolbar={
          <FilterSelect label={USSD_TEXT.filterByCompletion} value={completed} options={COMPLETION_CHOICES} onChange={setCompleted} />
        }
      />
      {open && <UssdSessionDrawer session={open} onClose={() => setOpen(null)} />}
    </PageFrame>
  );
}
