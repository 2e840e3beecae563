/** The History tab: every move of the repossession, oldest first: when (in the tenant's zone), who, from, to, and the note. */
import { Table } from 'antd';
import type { RepossessionMove } from '@meridian/shared/contract/repossession';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';
import { TableBox } from '@meridian/shared/ui/table-box';
import type { RepossessionTabProps } from './repossession-tabs';
import { RepossessionStatusTag } from './repossession-status-tag';
import { REPOSSESSION_TEXT } from './repossession-text';

export function RepossessionHistoryTab({ repossession }: RepossessionTabProps) {
  const format = useTenantFormat();
  return (
    <TableBox>
      <Table<RepossessionMove>
        aria-label={REPOSSESSION_TEXT.history}
        rowKey={(m) => m.id}
        size="small"
        dataSource={repossession.history}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: REPOSSESSION_TEXT.noHistory }}
        columns={[
          { title: REPOSSESSION_TEXT.when, dataIndex: 'dateCreated', render: (iso: string) => format.moment(iso) },
          { title: REPOSSESSION_TEXT.who, dataIndex: 'userName', render: (name: string | null) => name ?? REPOSSESSION_TEXT.unknownUser },
          {
            title: REPOSSESSION_TEXT.from,
            dataIndex: 'fromStatus',
            render: (s: RepossessionMove['fromStatus']) => (s ? <RepossessionStatusTag status={s} /> : REPOSSESSION_TEXT.raisedStep),
          },
          {
            title: REPOSSESSION_TEXT.to,
            dataIndex: 'toStatus',
            render: (s: RepossessionMove['toStatus']) => <RepossessionStatusTag status={s} />,
          },
          { title: REPOSSESSION_TEXT.note, dataIndex: 'note', render: (note: string | null) => note ?? '' },
        ]}
      />
    </TableBox>
  );
}
