/** Administration: identity and access, tenants, templates and the tenant's settings. Hidden offline. */
import { overviewRoute, type DomainModule, type RouteMeta } from '@meridian/shared/module/domain-module';

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
      ],
    },
  ],
  routes: [
    page('/admin/locations', 'Locations', ['ADMIN/LOCATIONS']),
    page('/admin/locations/create', 'New location', ['ADMIN/LOCATIONS']),
    page('/admin/locations/edit/:id', 'Edit location', ['ADMIN/LOCATIONS']),
    page('/admin/insurance', 'Insurance', ['ADMIN/INSURANCE/SETTINGS/EDIT']),
    ...crud('/admin/insurance', ['Insurance', 'insurance setting'], 'ADMIN/INSURANCE/SETTINGS/EDIT', { create: 'create', edit: 'edit/:id' }),
    page('/admin/insurance/excess-protector-list', 'Excess protector', ['ADMIN/INSURANCE/SETTINGS/EXCESS_PROTECTOR/EDIT']),
    page('/admin/insurance/excessprotectorcreate', 'New excess protector', ['ADMIN/INSURANCE/SETTINGS/EXCESS_PROTECTOR/EDIT']),
    page('/admin/insurance/excessprotectoredit/:id', 'Edit excess protector', ['ADMIN/INSURANCE/SETTINGS/EXCESS_PROTECTOR/EDIT']),
    ...crud('/admin/tenants', ['Tenants', 'tenant'], 'ADMIN/TENANTS', { create: 'create', edit: 'edit/:id' }),
    page('/admin/tenants/products/edit', 'Tenant products', ['ADMIN/TENANTS', 'ADMIN/PRODUCTS']),
    page('/admin/api-users/list', 'API users', ['ADMIN/API']),
    page('/admin/api-users/grid', 'API users', ['ADMIN/API']),
    page('/admin/api-users/add', 'New API user', ['ADMIN/API']),
    page('/api-user/add', 'New API user', ['ADMIN/API']),
    ...crud('/admin/users', ['Users', 'user'], 'ADMIN/USERS', { create: 'add', edit: 'edit/:id' }),
    page('/admin/users/list-deleted', 'Deleted users', ['ADMIN/USERS']),
    page('/admin/users/grid', 'Users', ['ADMIN/USERS']),
    page('/admin/roles', 'Roles', ['ADMIN/ROLES']),
    ...crud('/admin/roles', ['Roles', 'role'], 'ADMIN/ROLES', { create: 'add', edit: 'edit/:id' }),
    ...crud('/admin/data-models', ['Data models', 'data model'], 'ADMIN/DATA_MODELS', { create: 'create', edit: 'edit/:id' }),
    page('/admin/sales/pipelines/list', 'Sales pipelines', ['ADMIN']),
    ...crud('/admin/template', ['Templates', 'template'], 'ADMIN/TEMPLATES', { create: 'add', edit: 'edit/:id' }),
    ...crud('/admin/web-form', ['Web forms', 'web form'], 'ADMIN/WEBFORMS', { create: 'create', edit: 'edit/:id' }),
    ...crud('/admin/business-processes', ['Business processes', 'business process'], 'ADMIN/BUSINESS_PROCESSES', { create: 'create', edit: ':id/edit' }),
    page('/admin/business-process/:id/model', 'Business process model', ['ADMIN/BUSINESS_PROCESSES']),
    ...crud('/admin/ip-addresses', ['IP addresses', 'IP address'], 'ADMIN/IPADDRESSES', { create: 'create', edit: ':id/edit' }),
    page('/admin/settings', 'Settings', ['ADMIN/SETTINGS']),
  ],
};

export default adminModule;
