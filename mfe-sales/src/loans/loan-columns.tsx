/**
 * The columns the lending lists share: the client, linked to the loan's page; the product; an amount in
 * the row's currency, right-aligned. Each list adds its own around them.
 */
import { Link } from 'react-router';
import { formatMinor } from '@meridian/shared/money-text';
import type { PagedColumn } from '@meridian/shared/ui/paged-table';
import { loanPath } from './loan-paths';

interface LoanRow {
  clientName: string;
  productName: string;
  currency: string;
}

export const clientColumn = <T extends LoanRow>(title: string, loanIdOf: (row: T) => string): PagedColumn<T> => ({
  title,
  key: 'clientName',
  render: (_: unknown, row: T) => <Link to={loanPath(loanIdOf(row))}>{row.clientName}</Link>,
});

export const productColumn = <T extends LoanRow>(title: string): PagedColumn<T> => ({ title, dataIndex: 'productName', maxWidth: 220 });

export const amountColumn = <T extends LoanRow>(
  title: string,
  key: string,
  minorOf: (row: T) => number,
  sortField?: string,
): PagedColumn<T> => ({
  title,
  key,
  ...(sortField ? { sortField } : {}),
  align: 'right',
  render: (_: unknown, row: T) => formatMinor(minorOf(row), row.currency),
});
