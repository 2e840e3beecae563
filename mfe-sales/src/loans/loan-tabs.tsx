/** The tabs of a loan's page, in order; another feature adds its tab with one line here. */
import type { ComponentType } from 'react';
import type { LoanDetails } from '@meridian/shared/contract/loan';
import { LoanHistoryTab } from './loan-history-tab';
import { LoanPaymentsTab } from './loan-payments-tab';
import { LoanScheduleTab } from './loan-schedule-tab';
import { LOAN_TEXT } from './loan-text';

export interface LoanTabProps {
  loan: LoanDetails;
}

export interface LoanTab {
  /** In the address (`?tab=`). */
  key: string;
  label: string;
  Tab: ComponentType<LoanTabProps>;
}

export const LOAN_TABS: readonly LoanTab[] = [
  { key: 'schedule', label: LOAN_TEXT.schedule, Tab: LoanScheduleTab },
  { key: 'payments', label: LOAN_TEXT.payments, Tab: LoanPaymentsTab },
  { key: 'history', label: LOAN_TEXT.history, Tab: LoanHistoryTab },
];
