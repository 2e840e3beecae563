/**
 * The firings of one rule (GET /geo/eventActions/{id}/firings) in a drawer: newest first, paged on the
 * server, each with when it fired (in the tenant's zone), the device and event, what it did and the
 * error that stopped it, if any. The table keeps its paging in the address under its own key, apart
 * from the rules table behind it.
 */
import { Drawer, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import type { EventAction, EventActionFiring } from '@meridian/shared/contract/event-action';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';
import type { TenantFormatters } from '@meridian/shared/session/tenant-settings';
import { PagedTable, type PagedColumn } from '@meridian/shared/ui/paged-table';
import { usePhoneScreen } from '@meridian/shared/ui/screen-size';
import { TRACKING_API } from '../parts/tracking-api';
import { eventTypeName, firingsTitle, TRACKING_TEXT } from '../parts/tracking-text';

const NEWEST_FIRST = { field: 'firedAt', order: 'DESC' } as const;
const STATE_KEY = 'firings';

function firingColumns(format: TenantFormatters): PagedColumn<EventActionFiring>[] {
  return [
    { title: TRACKING_TEXT.firedAt, dataIndex: 'firedAt', sortField: 'firedAt', render: (iso: string) => format.moment(iso) },
    { title: TRACKING_TEXT.device, dataIndex: 'deviceName' },
    { title: TRACKING_TEXT.event, dataIndex: 'eventType', render: (type: string) => eventTypeName(type) },
    { title: TRACKING_TEXT.eventTime, dataIndex: 'eventTime', hiddenByDefault: true, render: (iso: string) => format.moment(iso) },
    { title: TRACKING_TEXT.notified, dataIndex: 'notified' },
    { title: TRACKING_TEXT.mailed, dataIndex: 'mailed' },
    {
      title: TRACKING_TEXT.firingCommandQueued,
      dataIndex: 'commandQueueId',
      render: (id: string | null) => (id ? TRACKING_TEXT.yes : TRACKING_TEXT.no),
    },
    {
      title: TRACKING_TEXT.firingError,
      dataIndex: 'error',
      maxWidth: 240,
      render: (error: string | null) => (error ? <Typography.Text type="danger">{error}</Typography.Text> : '—'),
    },
  ];
}

/** `rule` null: closed. */
export function EventActionFirings({ rule, onClose }: { rule: EventAction | null; onClose(): void }) {
  const format = useTenantFormat();
  const phone = usePhoneScreen();
  const [, setParams] = useSearchParams();
  // The next rule's firings start again at their newest page; the chosen page size is kept.
  const close = () => {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const name of ['page', 'sort', 'order', 'q']) next.delete(`${STATE_KEY}.${name}`);
        return next;
      },
      { replace: true },
    );
    onClose();
  };
  return (
    <Drawer
      title={rule ? firingsTitle(rule.name) : TRACKING_TEXT.firings}
      open={rule !== null}
      onClose={close}
      size={phone ? '100%' : 880}
      destroyOnHidden
    >
      {rule && (
        <PagedTable<EventActionFiring>
          url={TRACKING_API.eventActionFirings(rule.id)}
          columns={firingColumns(format)}
          rowKey={(f) => String(f.id)}
          label={TRACKING_TEXT.firings}
          emptyText={TRACKING_TEXT.noFirings}
          defaultSort={NEWEST_FIRST}
          searchable={false}
          stateKey={STATE_KEY}
          tableId="tracking-event-action-firings"
        />
      )}
    </Drawer>
  );
}
