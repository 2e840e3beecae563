/** The IP allow-list screens. */
import type { DomainRoute } from '@meridian/shared/module/domain-module';
import { screenRoute } from '@meridian/shared/module/area-routes';
import { ipAddresses } from '@meridian/shared/contract/areas/admin';

export const ipAddressRoutes: DomainRoute[] = [
  screenRoute(ipAddresses, 'list', () => import('./ip-addresses-list-page'), { title: 'IP addresses' }),
  screenRoute(ipAddresses, 'create', () => import('./ip-address-form-page'), { title: 'New IP address' }),
  screenRoute(ipAddresses, 'edit', () => import('./ip-address-form-page'), { title: 'Edit IP address' }),
];
