/** Administration: identity and access, tenants, templates and the tenant's settings. Hidden offline. */
import { overviewRoute, route, type DomainModule, type RouteMeta } from '@meridian/shared/module/domain-module';

const page = (path: string, title: string, allowedPermissions: string[], meta: Partial<RouteMeta> = {}) => overviewRoute(path, title, allowedPermissions, meta);
/** A list with its create and edit forms, as most administration areas have. */
const crud = (base: string, [plural, singular]: [string, string], permission: string, forms: { create: string; edit: string }) => [
  page(`${base}/list`, plural, [permission]),
  page(`${base}/${forms.create}`, `New ${singular}`, [permission]),
  page(`${base}/${forms.edit}`, `Edit ${singular}`, [permission]),
];

const adminModule: DomainModule = {
  id: 'admin',
  title: 'Administration',
  permissions: [
    'ADMIN', 'ADMIN/LOCATIONS', 'ADMIN/TENANTS', 'ADMIN/USERS', 'ADMIN/USERS/DELETE', 'ADMIN/ROLES', 'ADMIN/DATA_MODELS', 'ADMIN/TEMPLATES',
    'ADMIN/WEBFORMS', 'ADMIN/BUSINESS_PROCESSES', 'ADMIN/IPADDRESSES', 'ADMIN/SETTINGS', 'ADMIN/API',
    'ADMIN/INSURANCE/SETTINGS/EDIT', 'ADMIN/INSURANCE/SETTINGS/OFFER/EDIT', 'ADMIN/INSURANCE/SETTINGS/EXCESS_PROTECTOR/EDIT',
  ],
  menu: [
    {
      label: 'Administration', order: 90, icon: 'setting', hiddenOffline: true,
      children: [
        { label: 'Locations', path: '/admin/locations', permissions: ['ADMIN/LOCATIONS'], hiddenOffline: true },
        { label: 'Users', path: '/admin/users/list', permissions: ['ADMIN/USERS'], hiddenOffline: true },
        { label: 'Deleted users', path: '/admin/users/list-deleted', permissions: ['ADMIN/USERS'], hiddenOffline: true },
        { label: 'Roles', path: '/admin/roles/list', permissions: ['ADMIN/ROLES'], hiddenOffline: true },
        { label: 'Data models', path: '/admin/data-models/list', permissions: ['ADMIN/DATA_MODELS'], hiddenOffline: true },
        { label: 'Tenants', path: '/admin/tenants/list', permissions: ['ADMIN/TENANTS'], hiddenOffline: true },
        { label: 'Insurance', path: '/admin/insurance/list', permissions: ['ADMIN/INSURANCE/SETTINGS/EDIT'], hiddenOffline: true },
        { label: 'Excess protector', path: '/admin/insurance/excess-protector-list', permissions: ['ADMIN/INSURANCE/SETTINGS/EXCESS_PROTECTOR/EDIT'], hiddenOffline: true },
        { label: 'Templates', path: '/admin/template/list', permissions: ['ADMIN/TEMPLATES'], hiddenOffline: true },
        { label: 'IP addresses', path: '/admin/ip-addresses/list', permissions: ['ADMIN/IPADDRESSES'], hiddenOffline: true },
        { label: 'API users', path: '/admin/api-users/list', permissions: ['ADMIN/API'], hiddenOffline: true },
        { label: 'Settings', path: '/admin/settings', permissions: ['ADMIN/SETTINGS'], hiddenOffline: true },
      ],
    },
  ],
  routes: [
    route('/admin/locations', () => import('./locations/locations-list-page'), { title: 'Locations', allowedPermissions: ['ADMIN/LOCATIONS'] }),
    route('/admin/locations/create', () => import('./locations/location-form-page'), { title: 'New location', allowedPermissions: ['ADMIN/LOCATIONS'] }),
    route('/admin/locations/edit/:id', () => import('./locations/location-form-page'), { title: 'Edit location', allowedPermissions: ['ADMIN/LOCATIONS'] }),
    page('/admin/insurance', 'Insurance', ['ADMIN/INSURANCE/SETTINGS/EDIT']),
    ...crud('/admin/insurance', ['Insurance', 'insurance setting'], 'ADMIN/INSURANCE/SETTINGS/EDIT', { create: 'create', edit: 'edit/:id' }),
    page('/admin/insurance/excess-protector-list', 'Excess protector', ['ADMIN/INSURANCE/SETTINGS/EXCESS_PROTECTOR/EDIT']),
    page('/admin/insurance/excessprotectorcreate', 'New excess protector', ['ADMIN/INSURANCE/SETTINGS/EXCESS_PROTECTOR/EDIT']),
    page('/admin/insurance/excessprotectoredit/:id', 'Edit excess protector', ['ADMIN/INSURANCE/SETTINGS/EXCESS_PROTECTOR/EDIT']),
    route('/admin/tenants/list', () => import('./tenants/tenants-list-page'), { title: 'Tenants', allowedPermissions: ['ADMIN/TENANTS'] }),
    route('/admin/tenants/create', () => import('./tenants/tenant-create-page'), { title: 'New tenant', allowedPermissions: ['ADMIN/TENANTS'] }),
    route('/admin/tenants/edit/:id', () => import('./tenants/tenant-edit-page'), { title: 'Edit tenant', allowedPermissions: ['ADMIN/TENANTS'] }),
    route('/admin/tenants/products/edit', () => import('./tenants/tenant-products-page'), { title: 'Tenant products', allowedPermissions: ['ADMIN/TENANTS', 'ADMIN/PRODUCTS'] }),
    route('/admin/api-users/list', () => import('./api-users/api-users-list-page'), { title: 'API users', allowedPermissions: ['ADMIN/API'] }),
    route('/admin/api-users/grid', () => import('./api-users/api-users-list-page'), { title: 'API users', allowedPermissions: ['ADMIN/API'] }),
    route('/admin/api-users/add', () => import('./api-users/api-user-add-page'), { title: 'New API user', allowedPermissions: ['ADMIN/API'] }),
    route('/api-user/add', () => import('./api-users/api-user-add-page'), { title: 'New API user', allowedPermissions: ['ADMIN/API'] }),
    route('/admin/users/list', () => import('./users/users-list-page'), { title: 'Users', allowedPermissions: ['ADMIN/USERS'] }),
    route('/admin/users/grid', () => import('./users/users-grid-page'), { title: 'Users', allowedPermissions: ['ADMIN/USERS'] }),
    route('/admin/users/add', () => import('./users/user-form-page'), { title: 'New user', allowedPermissions: ['ADMIN/USERS'] }),
    route('/admin/users/edit/:id', () => import('./users/user-form-page'), { title: 'Edit user', allowedPermissions: ['ADMIN/USERS'] }),
    route('/admin/users/list-deleted', () => import('./users/deleted-users-page'), { title: 'Deleted users', allowedPermissions: ['ADMIN/USERS'] }),
    route('/admin/roles', () => import('./roles/roles-list-page'), { title: 'Roles', allowedPermissions: ['ADMIN/ROLES'] }),
    route('/admin/roles/list', () => import('./roles/roles-list-page'), { title: 'Roles', allowedPermissions: ['ADMIN/ROLES'] }),
    route('/admin/roles/add', () => import('./roles/role-add-page'), { title: 'New role', allowedPermissions: ['ADMIN/ROLES'] }),
    route('/admin/roles/edit/:id', () => import('./roles/role-edit-page'), { title: 'Edit role', allowedPermissions: ['ADMIN/ROLES'] }),
    ...crud('/admin/data-models', ['Data models', 'data model'], 'ADMIN/DATA_MODELS', { create: 'create', edit: 'edit/:id' }),
    page('/admin/sales/pipelines/list', 'Sales pipelines', ['ADMIN']),
    route('/admin/template/list', () => import('./templates/templates-list-page'), { title: 'Templates', allowedPermissions: ['ADMIN/TEMPLATES'] }),
    route('/admin/template/add', () => import('./templates/template-form-page'), { title: 'New template', allowedPermissions: ['ADMIN/TEMPLATES'] }),
    route('/admin/template/edit/:id', () => import('./templates/template-form-page'), { title: 'Edit template', allowedPermissions: ['ADMIN/TEMPLATES'] }),
    ...crud('/admin/web-form', ['Web forms', 'web form'], 'ADMIN/WEBFORMS', { create: 'create', edit: 'edit/:id' }),
    ...crud('/admin/business-processes', ['Business processes', 'business process'], 'ADMIN/BUSINESS_PROCESSES', { create: 'create', edit: ':id/edit' }),
    page('/admin/business-process/:id/model', 'Business process model', ['ADMIN/BUSINESS_PROCESSES']),
    route('/admin/ip-addresses/list', () => import('./ip-addresses/ip-addresses-list-page'), { title: 'IP addresses', allowedPermissions: ['ADMIN/IPADDRESSES'] }),
    route('/admin/ip-addresses/create', () => import('./ip-addresses/ip-address-form-page'), { title: 'New IP address', allowedPermissions: ['ADMIN/IPADDRESSES'] }),
    route('/admin/ip-addresses/:id/edit', () => import('./ip-addresses/ip-address-form-page'), { title: 'Edit IP address', allowedPermissions: ['ADMIN/IPADDRESSES'] }),
    route('/admin/settings', () => import('./settings/settings-page'), { title: 'Settings', allowedPermissions: ['ADMIN/SETTINGS'] }),
  ],
};

export default adminModule;
