/** How loan product rows are written in the list: name (to its form), category, currency, ranges, method, rate, frequency, status. */
import { Tag } from 'antd';
import { Link } from 'react-router';
import type { LoanProduct } from '@meridian/shared/contract/loan-product';
import { formatMinor } from '@meridian/shared/money-text';
import type { TenantFormatters } from '@meridian/shared/session/tenant-settings';
import type { PagedColumn } from '@meridian/shared/ui/paged-table';
import { editProductPath } from './product-paths';
import { FREQUENCY_LABELS, INTEREST_METHOD_LABELS, PRODUCT_TEXT, termRangeText } from './product-text';

export const ProductStatusTag = ({ active }: { active: boolean }) =>
  active ? <Tag color="green">{PRODUCT_TEXT.active}</Tag> : <Tag>{PRODUCT_TEXT.inactive}</Tag>;

/** The sort fields are the API's own (LOAN_PRODUCT_SORT_FIELDS). */
export function productColumns(format: TenantFormatters, linkToForm: boolean): PagedColumn<LoanProduct>[] {
  return [
    {
      title: PRODUCT_TEXT.name,
      dataIndex: 'name',
      sortField: 'name',
      render: (name: string, p: LoanProduct) => (linkToForm ? <Link to={editProductPath(p.id)}>{name}</Link> : name),
    },
    { title: PRODUCT_TEXT.category, dataIndex: 'productCategoryName' },
    { title: PRODUCT_TEXT.currency, dataIndex: 'currency', sortField: 'currency' },
    {
      title: PRODUCT_TEXT.amountRange,
      key: 'amount',
      align: 'right',
      render: (_: unknown, p: LoanProduct) => `${formatMinor(p.minAmountMinor, p.currency)} – ${formatMinor(p.maxAmountMinor, p.currency)}`,
    },
    {
      title: PRODUCT_TEXT.termRange,
      key: 'term',
      render: (_: unknown, p: LoanProduct) => termRangeText(p.minInstalments, p.maxInstalments, p.repaymentFrequency),
    },
    {
      title: PRODUCT_TEXT.interestMethod,
      dataIndex: 'interestMethod',
      optional: true,
      render: (method: LoanProduct['interestMethod']) => INTEREST_METHOD_LABELS[method],
    },
    {
      title: PRODUCT_TEXT.rate,
      dataIndex: 'annualRatePercent',
      sortField: 'annualRatePercent',
      align: 'right',
      // The decimal text as the contract holds it: never read into a float.
      render: (rate: string) => `${rate} %`,
    },
    {
      title: PRODUCT_TEXT.frequency,
      dataIndex: 'repaymentFrequency',
      optional: true,
      render: (f: LoanProduct['repaymentFrequency']) => FREQUENCY_LABELS[f],
    },
    {
      title: PRODUCT_TEXT.feePerInstalment,
      key: 'fee',
      align: 'right',
      hiddenByDefault: true,
      render: (_: unknown, p: LoanProduct) => formatMinor(p.feePerInstalmentMinor, p.currency),
    },
    { title: PRODUCT_TEXT.status, dataIndex: 'active', render: (active: boolean) => <ProductStatusTag active={active} /> },
    { title: PRODUCT_TEXT.owner, dataIndex: 'tenantName', hiddenByDefault: true },
    {
      title: PRODUCT_TEXT.dateCreated,
      dataIndex: 'dateCreated',
      sortField: 'dateCreated',
      optional: true,
      render: (iso: string) => format.day(iso),
    },
  ];
}
