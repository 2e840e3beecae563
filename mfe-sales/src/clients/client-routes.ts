/** Clients, client groups, the phone book and the client-side pages not built yet (USSD, payments, consent forms, disbursements, products, CSV upload, complaints). */
import { overviewRoute as page, type DomainRoute } from '@meridian/shared/module/domain-module';

export const clientRoutes: DomainRoute[] = [
  page('/clients/grid', 'Clients', ['CLIENTS']),
  page('/clients/list', 'Clients', ['CLIENTS'], { offline: true }),
  page('/clients/create', 'New client', ['CLIENTS/CREATE'], { offline: true }),
  page('/clients/edit/:id', 'Edit client', ['CLIENTS/EDIT'], { offline: true }),
  page('/clients/groups/list', 'Client groups', ['CLIENTS/GROUPS']),
  page('/clients/groups/create', 'New client group', ['CLIENTS/GROUPS']),
  page('/clients/groups/edit/:id', 'Edit client group', ['CLIENTS/GROUPS']),
  page('/clients/groups/details/:id', 'Client group', ['CLIENTS/GROUPS']),
  page('/clients/phone-book', 'Phone book', ['CLIENTS']),
  page('/clients/ussd/clients', 'USSD clients', ['CLIENTS/USSD']),
  page('/clients/ussd/dashboard', 'USSD dashboard', ['CLIENTS/USSD']),
  page('/clients/ussd/sessions', 'USSD sessions', ['CLIENTS/USSD']),
  page('/clients/payments', 'Payments', ['CLIENTS']),
  page('/clients/payments/create', 'New payment', ['CLIENTS']),
  page('/clients/payments/edit', 'Edit payment', ['CLIENTS']),
  page('/spousalconsent', 'Spousal consent', ['CLIENTS']),
  page('/guarantorform', 'Guarantor form', ['CLIENTS']),
  page('/disbursements', 'Disbursements', ['LOAN/DISBURSEMENTS']),
  page('/products', 'Products', ['ADMIN/PRODUCTS']),
  page('/products/:id/edit', 'Edit product', ['ADMIN/PRODUCTS']),
  page('/csv/upload/:model?', 'CSV upload', ['CLIENTS']),
  page('/complaints', 'Complaints', ['Complaints']),
  page('/complaint/view', 'Complaint', ['Complaints']),
  page('/complaint/edit', 'Edit complaint', ['Complaints/EDIT', 'Complaints/CREATE']),
];
