/** Payments (issue 21): the list, taking a payment, and one payment amended or reversed. */
import type { DomainRoute } from '@meridian/shared/module/domain-module';
import { screenRoute } from '@meridian/shared/module/area-routes';
import { clientPaperwork } from '@meridian/shared/contract/areas/sales';

export const paymentRoutes: DomainRoute[] = [
  screenRoute(clientPaperwork, 'payments', () => import('./payments-list-page'), { title: 'Payments' }),
  screenRoute(clientPaperwork, 'createPayment', () => import('./payment-create-page'), { title: 'Take a payment' }),
  screenRoute(clientPaperwork, 'editPayment', () => import('./payment-edit-page'), { title: 'Payment' }),
];
