/** The disbursements screen's route: path and permissions from the sales area's data. */
import type { DomainRoute } from '@meridian/shared/module/domain-module';
import { screenRoute } from '@meridian/shared/module/area-routes';
import { disbursements } from '@meridian/shared/contract/areas/sales';

export const disbursementRoutes: DomainRoute[] = [
  screenRoute(disbursements, 'list', () => import('./disbursements-page'), { title: 'Disbursements' }),
];
