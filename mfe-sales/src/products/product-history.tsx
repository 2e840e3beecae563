/** A product's history (kept by the API for every create and edit): who, when, and each changed field before and after. */
import { Table } from 'antd';
import type { LendingChange } from '@meridian/shared/contract/loan-product';
import { formatMinor } from '@meridian/shared/money-text';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';
import { TableBox } from '@meridian/shared/ui/table-box';
import { PRODUCT_TEXT } from './product-text';

const FIELD_LABELS: Record<string, string> = {
  name: PRODUCT_TEXT.name,
  productCategoryId: PRODUCT_TEXT.category,
  currency: PRODUCT_TEXT.currency,
  minAmountMinor: PRODUCT_TEXT.minAmount,
  maxAmountMinor: PRODUCT_TEXT.maxAmount,
  minInstalments: PRODUCT_TEXT.minInstalments,
  maxInstalments: PRODUCT_TEXT.maxInstalments,
  interestMethod: PRODUCT_TEXT.interestMethod,
  annualRatePercent: PRODUCT_TEXT.annualRate,
  repaymentFrequency: PRODUCT_TEXT.frequency,
  feePerInstalmentMinor: PRODUCT_TEXT.feePerInstalment,
  graceOnPrincipal: PRODUCT_TEXT.graceOnPrincipal,
  graceOnInterestPayment: PRODUCT_TEXT.graceOnInterest,
  arrearsToleranceMinor: PRODUCT_TEXT.arrearsTolerance,
  active: PRODUCT_TEXT.active,
};

/** The history keeps amounts as text of whole minor units ("150000"): shown in the product's currency, read by digits. */
function valueText(field: string, value: unknown, currency: string): string {
  if (value === null || value === undefined) return '—';
  if (field.endsWith('Minor') && typeof value === 'string' && /^\d+$/.test(value)) return formatMinor(Number(value), currency);
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export function ProductHistory({ history, currency }: { history: LendingChange[]; currency: string }) {
  const format = useTenantFormat();
  return (
    <TableBox>
      <Table<LendingChange>
        aria-label={PRODUCT_TEXT.history}
        size="small"
        rowKey={(c) => c.id}
        dataSource={history}
        locale={{ emptyText: PRODUCT_TEXT.noHistory }}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: PRODUCT_TEXT.when, dataIndex: 'dateCreated', render: (iso: string) => format.moment(iso) },
          { title: PRODUCT_TEXT.who, dataIndex: 'userName', render: (name: string | null) => name ?? PRODUCT_TEXT.system },
          { title: PRODUCT_TEXT.action, dataIndex: 'action' },
          {
            title: PRODUCT_TEXT.changes,
            key: 'changes',
            render: (_: unknown, change: LendingChange) => (
              <ul style={{ margin: 0, paddingInlineStart: 16 }}>
                {Object.entries(change.changes).map(([field, [before, after]]) => (
                  <li key={field}>
                    {FIELD_LABELS[field] ?? field}: {valueText(field, before, currency)} → {valueText(field, after, currency)}
                  </li>
                ))}
              </ul>
            ),
          },
        ]}
      />
    </TableBox>
  );
}
