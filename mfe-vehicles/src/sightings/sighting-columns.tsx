/** The columns of a sightings table (the staff list and a repossession's tab), with confirm and delete for staff. */
import { Button, Space, Tag } from 'antd';
import type { Sighting } from '@meridian/shared/contract/sighting';
import type { TenantFormatters } from '@meridian/shared/session/tenant-settings';
import type { PagedColumn } from '@meridian/shared/ui/paged-table';
import { SIGHTING_STATUS_LABELS, SIGHTING_TEXT } from './sighting-text';

export function sightingColumns(
  format: TenantFormatters,
  {
    canConfirm,
    canDelete,
    onConfirm,
    onDelete,
  }: { canConfirm: boolean; canDelete: boolean; onConfirm(s: Sighting): void; onDelete(s: Sighting): void },
): PagedColumn<Sighting>[] {
  return [
    {
      title: SIGHTING_TEXT.vehicle,
      key: 'vehicle',
      sortField: 'registrationNumber',
      render: (_, s) => `${s.registrationNumber} ${s.make}`,
    },
    { title: SIGHTING_TEXT.seen, key: 'seen', sortField: 'seenAt', render: (_, s) => format.moment(s.seenAt) },
    {
      title: SIGHTING_TEXT.position,
      key: 'position',
      render: (_, s) =>
        `${s.latitude.toFixed(6)}, ${s.longitude.toFixed(6)}${s.accuracy !== null ? ` ±${Math.round(s.accuracy)} ${SIGHTING_TEXT.metres}` : ''}`,
    },
    { title: SIGHTING_TEXT.reportedBy, key: 'reportedBy', optional: true, render: (_, s) => s.spotterName ?? s.reportedByName },
    { title: SIGHTING_TEXT.note, key: 'note', optional: true, maxWidth: 240, render: (_, s) => s.note ?? '' },
    {
      title: SIGHTING_TEXT.status,
      key: 'status',
      sortField: 'status',
      render: (_, s) => <Tag color={s.status === 'Confirmed' ? 'green' : 'blue'}>{SIGHTING_STATUS_LABELS[s.status]}</Tag>,
    },
    ...(canConfirm || canDelete
      ? [
          {
            title: SIGHTING_TEXT.actions,
            key: 'actions',
            actions: true,
            render: (_: unknown, s: Sighting) => (
              <Space size={4}>
                {canConfirm && s.status === 'Reported' && (
                  <Button
                    size="small"
                    type="primary"
                    onClick={() => onConfirm(s)}
                    aria-label={`${SIGHTING_TEXT.confirm} ${s.registrationNumber}`}
                  >
                    {SIGHTING_TEXT.confirm}
                  </Button>
                )}
                {canDelete && (
                  <Button size="small" danger onClick={() => onDelete(s)} aria-label={`${SIGHTING_TEXT.delete} ${s.registrationNumber}`}>
                    {SIGHTING_TEXT.delete}
                  </Button>
                )}
              </Space>
            ),
          },
        ]
      : []),
  ];
}
