/** The loan screens' routes (the list, the application, a loan's page, the checker's queue): paths and permissions from the sales area's data. */
import type { DomainRoute } from '@meridian/shared/module/domain-module';
import { screenRoute } from '@meridian/shared/module/area-routes';
import { loans, makerChecker } from '@meridian/shared/contract/areas/sales';

export const loanRoutes: DomainRoute[] = [
  screenRoute(loans, 'list', () => import('./loans-list-page'), { title: 'Loans' }),
  screenRoute(loans, 'apply', () => import('./loan-apply-page'), { title: 'Apply for a loan' }),
  screenRoute(loans, 'view', () => import('./loan-page'), { title: 'Loan' }),
  screenRoute(makerChecker, 'queue', () => import('./check-queue-page'), { title: 'Loan approvals' }),
];
