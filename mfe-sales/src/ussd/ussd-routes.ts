/** The USSD channel's staff screens (issue 21): registered clients, sessions with their steps, the dashboard. */
import type { DomainRoute } from '@meridian/shared/module/domain-module';
import { screenRoute } from '@meridian/shared/module/area-routes';
import { ussd } from '@meridian/shared/contract/areas/sales';

export const ussdRoutes: DomainRoute[] = [
  screenRoute(ussd, 'clients', () => import('./ussd-clients-page'), { title: 'USSD clients' }),
  screenRoute(ussd, 'sessions', () => import('./ussd-sessions-page'), { title: 'USSD sessions' }),
  screenRoute(ussd, 'dashboard', () => import('./ussd-dashboard-page'), { title: 'USSD dashboard' }),
];
