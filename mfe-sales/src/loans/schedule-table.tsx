/**
 * The one table of a repayment schedule: each instalment's number and due day (in the tenant's format), then
 * the screen's money columns, right-aligned, then any columns of its own (an instalment's state); under them
 * a totals row whose figures stand under their columns. Used for a loan's stored schedule and for the
 * product form's preview (bigint minor units, computed in the browser), so `money` says how a figure reads.
 */
import { Table, type TableColumnType } from 'antd';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';
import { LOAN_TEXT } from './loan-text';

export interface ScheduleAmount<T, M> {
  title: string;
  pick(row: T): M;
  /** The column's figure in the totals row; none leaves its cell empty. */
  total?: M;
}

export function ScheduleTable<T extends { number: number; dueDate: string }, M extends number | bigint>({
  label,
  rows,
  money,
  amounts,
  after = [],
  emptyText,
  pageSize,
}: {
  label: string;
  rows: T[];
  money(minor: M): string;
  amounts: ScheduleAmount<T, M>[];
  /** Columns after the money, left empty in the totals row. */
  after?: TableColumnType<T>[];
  emptyText?: string;
  /** Page a long schedule; without it every instalment is shown. */
  pageSize?: number;
}) {
  const format = useTenantFormat();
  // The totals' label spans the number, the due day and any money columns without a total before the first.
  const leadingBlanks = amounts.findIndex((a) => a.total !== undefined);
  const labelSpan = 2 + (leadingBlanks < 0 ? amounts.length : leadingBlanks);
  const columns: TableColumnType<T>[] = [
    { title: LOAN_TEXT.number, dataIndex: 'number' },
    { title: LOAN_TEXT.dueDate, dataIndex: 'dueDate', render: (day: string) => format.day(day) },
    ...amounts.map(({ title, pick }) => ({ title, key: title, align: 'right' as const, render: (_: unknown, row: T) => money(pick(row)) })),
    ...after,
  ];
  return (
    <Table<T>
      aria-label={label}
      rowKey={(row) => String(row.number)}
      size="small"
      dataSource={rows}
      pagination={pageSize ? { pageSize, hideOnSinglePage: true, showSizeChanger: false } : false}
      scroll={{ x: 'max-content' }}
      locale={emptyText ? { emptyText } : undefined}
      columns={columns}
      summary={() =>
        rows.length > 0 ? (
          <Table.Summary.Row data-testid="schedule-totals">
            <Table.Summary.Cell index={0} colSpan={labelSpan}>
              {LOAN_TEXT.total}
            </Table.Summary.Cell>
            {amounts.slice(labelSpan - 2).map(({ title, total }, at) => (
              <Table.Summary.Cell key={title} index={labelSpan + at} align="right">
                {total === undefined ? null : money(total)}
              </Table.Summary.Cell>
            ))}
            {after.map((column, at) => (
              <Table.Summary.Cell key={String(column.key ?? at)} index={2 + amounts.length + at} />
            ))}
          </Table.Summary.Row>
        ) : null
      }
    />
  );
}
