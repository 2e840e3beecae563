/** The bids screen's route: path and permissions from the area (recovery.screens.bids). */
import type { DomainRoute } from '@meridian/shared/module/domain-module';
import { screenRoute } from '@meridian/shared/module/area-routes';
import { recovery } from '@meridian/shared/contract/areas/vehicles';

// Offline-capable: offline the screen shows the bids kept on the device.
export const bidRoutes: DomainRoute[] = [screenRoute(recovery, 'bids', () => import('./bids-page'), { title: 'Bids', offline: true })];
