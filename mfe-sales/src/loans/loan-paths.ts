/** The lending screens' links and the API paths they call, from the sales area's data. */
import { pathTo } from '@meridian/shared/contract/areas/path-to';
import { clientPaperwork, clients, disbursements, loans, makerChecker, products } from '@meridian/shared/contract/areas/sales';
import { apiPath } from '@meridian/shared/http/api-path';

export const loanPath = (id: string) => pathTo(loans.screens.view, { id });
export const loanSchedulePath = (id: string) => `${loanPath(id)}?tab=schedule`;

export const LOANS_API = {
  list: apiPath(loans.api.list),
  apply: apiPath(loans.api.list),
  one: (id: string) => apiPath(loans.api.one, { id }),
  approve: (id: string) => apiPath(loans.api.approve, { id }),
  reject: (id: string) => apiPath(loans.api.reject, { id }),
  disburse: (id: string) => apiPath(disbursements.api.disburse, { id }),
  writeOff: (id: string) => apiPath(loans.api.writeOff, { id }),
  disbursements: apiPath(disbursements.api.list),
  payments: apiPath(clientPaperwork.api.payments),
  products: apiPath(products.api.list),
  client: (id: string) => apiPath(clients.api.one, { id }),
  checkRequests: apiPath(makerChecker.api.requests),
  approveRequest: (id: string) => apiPath(makerChecker.api.approve, { id }),
  rejectRequest: (id: string) => apiPath(makerChecker.api.reject, { id }),
} as const;
