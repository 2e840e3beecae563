/** Clients, client groups, the phone book and the complaints, not built yet; loan products, loans, disbursements, payments, USSD, consent forms and the CSV upload have folders of their own. */
import type { DomainRoute } from '@meridian/shared/module/domain-module';
import { overviewRoutes, screenRoute } from '@meridian/shared/module/area-routes';
import { clientGroups, clients, complaints } from '@meridian/shared/contract/areas/sales';

export const clientRoutes: DomainRoute[] = [
  screenRoute(clients, 'grid', () => import('./clients-grid-page'), { title: 'Clients' }),
  screenRoute(clients, 'list', () => import('./clients-list-page'), { title: 'Clients', offline: true }),
  screenRoute(clients, 'create', () => import('./client-form-page'), { title: 'New client', offline: true }),
  screenRoute(clients, 'edit', () => import('./client-form-page'), { title: 'Edit client', offline: true }),
  screenRoute(clientGroups, 'list', () => import('./client-groups-list-page'), { title: 'Client groups' }),
  screenRoute(clientGroups, 'create', () => import('./client-group-form-page'), { title: 'New client group' }),
  screenRoute(clientGroups, 'edit', () => import('./client-group-form-page'), { title: 'Edit client group' }),
  screenRoute(clientGroups, 'details', () => import('./client-group-details-page'), { title: 'Client group' }),
  screenRoute(clients, 'phoneBook', () => import('./phone-book-page'), { title: 'Phone book' }),
  // The title is the screen's name, which happens to be spelt as the permission: text, not a permission.
  ...overviewRoutes(complaints, { list: 'Complaints', view: 'Complaint', edit: 'Edit complaint' }), // area-literals: text
];
