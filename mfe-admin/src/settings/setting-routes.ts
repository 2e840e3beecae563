/** The tenant's settings screen. */
import type { DomainRoute } from '@meridian/shared/module/domain-module';
import { screenRoute } from '@meridian/shared/module/area-routes';
import { settings } from '@meridian/shared/contract/areas/admin';

export const settingRoutes: DomainRoute[] = [screenRoute(settings, 'view', () => import('./settings-page'), { title: 'Settings' })];
