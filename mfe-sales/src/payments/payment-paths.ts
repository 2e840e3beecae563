/** The addresses of the payment screens and the API calls they make (paths from the sales area data). */
import { clientPaperwork, loans } from '@meridian/shared/contract/areas/sales';
import { apiPath } from '@meridian/shared/http/api-path';

export const PAYMENTS_PATH = clientPaperwork.screens.payments;
export const NEW_PAYMENT_PATH = clientPaperwork.screens.createPayment;

/** The spec's edit address names no payment: the payment is `?id=` in the query. */
export const paymentEditPath = (id: string) => `${clientPaperwork.screens.editPayment}?${new URLSearchParams({ id })}`;
/** Taking a payment for one loan (the loan page links here). */
export const newPaymentForLoanPath = (loanId: string) => `${NEW_PAYMENT_PATH}?${new URLSearchParams({ loanId })}`;

export const PAYMENT_API = {
  list: apiPath(clientPaperwork.api.payments),
  one: (id: string) => apiPath(clientPaperwork.api.payment, { id }),
  reverse: (id: string) => apiPath(clientPaperwork.api.reversePayment, { id }),
  loan: (id: string) => apiPath(loans.api.one, { id }),
};
