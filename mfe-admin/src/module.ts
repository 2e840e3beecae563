/** Administration: identity and access, tenants, templates and the tenant's settings. Hidden offline. */
import { domainModule } from '@meridian/shared/module/area-routes';
import { adminArea } from '@meridian/shared/contract/areas/admin';
import { locationRoutes } from './locations/location-routes';
import { dataModelRoutes, insuranceRoutes, processRoutes } from './not-built/not-built-routes';
import { tenantRoutes } from './tenants/tenant-routes';
import { apiUserRoutes } from './api-users/api-user-routes';
import { userRoutes } from './users/user-routes';
import { roleRoutes } from './roles/role-routes';
import { templateRoutes } from './templates/template-routes';
import { ipAddressRoutes } from './ip-addresses/ip-address-routes';
import { settingRoutes } from './settings/setting-routes';

const adminModule = domainModule(adminArea, [
  ...locationRoutes,
  ...insuranceRoutes,
  ...tenantRoutes,
  ...apiUserRoutes,
  ...userRoutes,
  ...roleRoutes,
  ...dataModelRoutes,
  ...templateRoutes,
  ...processRoutes,
  ...ipAddressRoutes,
  ...settingRoutes,
]);

export default adminModule;
