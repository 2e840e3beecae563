/** Clients, client groups, the phone book and the client-side pages not built yet (USSD, payments, consent forms, disbursements, products, CSV upload, complaints). */
import { overviewRoute as page, route, type DomainRoute } from '@meridian/shared/module/domain-module';

export const clientRoutes: DomainRoute[] = [
  route('/clients/grid', () => import('./clients-grid-page'), { title: 'Clients', allowedPermissions: ['CLIENTS'] }),
  route('/clients/list', () => import('./clients-list-page'), { title: 'Clients', allowedPermissions: ['CLIENTS'], offline: true }),
  route('/clients/create', () => import('./client-form-page'), { title: 'New client', allowedPermissions: ['CLIENTS/CREATE'], offline: true }),
  route('/clients/edit/:id', () => import('./client-form-page'), { title: 'Edit client', allowedPermissions: ['CLIENTS/EDIT'], offline: true }),
  route('/clients/groups/list', () => import('./client-groups-list-page'), { title: 'Client groups', allowedPermissions: ['CLIENTS/GROUPS'] }),
  route('/clients/groups/create', () => import('./client-group-form-page'), { title: 'New client group', allowedPermissions: ['CLIENTS/GROUPS'] }),
  route('/clients/groups/edit/:id', () => import('./client-group-form-page'), { title: 'Edit client group', allowedPermissions: ['CLIENTS/GROUPS'] }),
  route('/clients/groups/details/:id', () => import('./client-group-details-page'), { title: 'Client group', allowedPermissions: ['CLIENTS/GROUPS'] }),
  route('/clients/phone-book', () => import('./phone-book-page'), { title: 'Phone book', allowedPermissions: ['CLIENTS'] }),
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
