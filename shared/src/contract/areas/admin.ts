/**
 * The administration area (remote `admin`): identity and access, tenants, templates and the
 * tenant's settings. Hidden offline.
 */
import { area, resource, type MenuSection } from './area';

const administration: MenuSection = { label: 'Administration', order: 90, icon: 'setting', hiddenOffline: true };

export const locations = resource({
  screens: { list: '/admin/locations', create: '/admin/locations/create', edit: '/admin/locations/edit/:id' },
  api: { list: '/locations', one: '/locations/:id' },
  can: { read: ['ADMIN/LOCATIONS'] },
  guards: { create: 'read', edit: 'read' },
  menu: { section: administration, label: 'Locations', order: 10 },
});

export const insurance = resource({
  screens: {
    home: '/admin/insurance',
    list: '/admin/insurance/list',
    create: '/admin/insurance/create',
    edit: '/admin/insurance/edit/:id',
  },
  can: { read: ['ADMIN/INSURANCE/SETTINGS/EDIT'] },
  guards: { create: 'read', edit: 'read' },
  menu: { section: administration, label: 'Insurance', order: 70 },
});

export const excessProtector = resource({
  screens: {
    list: '/admin/insurance/excess-protector-list',
    create: '/admin/insurance/excessprotectorcreate',
    edit: '/admin/insurance/excessprotectoredit/:id',
  },
  can: { read: ['ADMIN/INSURANCE/SETTINGS/EXCESS_PROTECTOR/EDIT'] },
  guards: { create: 'read', edit: 'read' },
  menu: { section: administration, label: 'Excess protector', order: 80 },
});

export const tenants = resource({
  screens: { list: '/admin/tenants/list', create: '/admin/tenants/create', edit: '/admin/tenants/edit/:id' },
  can: {
    read: ['ADMIN/TENANTS'],
    /** A user's tenants: user and tenant administrators. */
    readOfUsers: ['ADMIN/USERS', 'ADMIN/TENANTS'],
  },
  guards: { create: 'read', edit: 'read' },
  menu: { section: administration, label: 'Tenants', order: 60 },
});

export const tenantProducts = resource({
  screens: { edit: '/admin/tenants/products/edit' },
  api: { catalogue: '/tenants/products/catalogue', ofTenant: '/tenants/:id/products' },
  can: { read: ['ADMIN/TENANTS', 'ADMIN/PRODUCTS'] },
  guards: { edit: 'read' },
});

export const apiUsers = resource({
  screens: { list: '/admin/api-users/list', grid: '/admin/api-users/grid', add: '/admin/api-users/add', legacyAdd: '/api-user/add' },
  api: { list: '/api-users', one: '/api-users/:id', revoke: '/api-users/:id/revoke' },
  can: { read: ['ADMIN/API'] },
  guards: { add: 'read', legacyAdd: 'read' },
  menu: { section: administration, label: 'API users', order: 110 },
});

export const users = resource({
  screens: {
    list: '/admin/users/list',
    grid: '/admin/users/grid',
    add: '/admin/users/add',
    edit: '/admin/users/edit/:id',
    listDeleted: '/admin/users/list-deleted',
  },
  api: {
    list: '/users',
    passwordHistory: '/users/password_changed_history',
    tempPassword: '/users/get-temp-password/:id',
    agentsOfTenant: '/users/getagentscte/:id',
  },
  can: {
    read: ['ADMIN/USERS'],
    /** Deleting and restoring users. */
    delete: ['ADMIN/USERS/DELETE'],
    /** Picking agents: assigning activities, building teams, routing leads. */
    pickAgents: [
      'ADMIN/USERS',
      'SALES/ACTIVITIES',
      'SALES/ACTIVITIES/CREATE',
      'SALES/ACTIVITIES/EDIT',
      'SALES/TEAMS',
      'SALES/LEADS',
      'SALES/LEADS/EDIT',
      'SALES/TARGETS',
      'SALES/ACTIVITIES/ACTIVITY_PLANS',
      'SALES/AGENTS/HISTORY',
      'SALES/CASES',
    ],
    /** The login and user reports. */
    readReports: ['ADMIN/USERS', 'CRM/REPORTS', 'REPORTS'],
  },
  guards: { add: 'read', edit: 'read', listDeleted: 'read' },
  menu: [
    { section: administration, label: 'Users', order: 20 },
    { section: administration, label: 'Deleted users', order: 30, screen: 'listDeleted' },
  ],
});

export const roles = resource({
  screens: { home: '/admin/roles', list: '/admin/roles/list', add: '/admin/roles/add', edit: '/admin/roles/edit/:id' },
  api: { list: '/roles', one: '/roles/:id', groups: '/roles/groups' },
  can: {
    read: ['ADMIN/ROLES'],
    /** Roles are read by user administrators too (to give them). */
    readForUsers: ['ADMIN/ROLES', 'ADMIN/USERS'],
  },
  guards: { add: 'read', edit: 'read' },
  menu: { section: administration, label: 'Roles', order: 40 },
});

export const dataModels = resource({
  screens: { list: '/admin/data-models/list', create: '/admin/data-models/create', edit: '/admin/data-models/edit/:id' },
  can: { read: ['ADMIN/DATA_MODELS'] },
  guards: { create: 'read', edit: 'read' },
  menu: { section: administration, label: 'Data models', order: 50 },
});

export const salesPipelines = resource({ screens: { list: '/admin/sales/pipelines/list' }, can: { read: ['ADMIN'] } });

export const templates = resource({
  screens: { list: '/admin/template/list', add: '/admin/template/add', edit: '/admin/template/edit/:id' },
  api: { one: '/templates/:id', mergeFields: '/templates/merge-fields' },
  can: { read: ['ADMIN/TEMPLATES'] },
  guards: { add: 'read', edit: 'read' },
  menu: { section: administration, label: 'Templates', order: 90 },
});

export const webForms = resource({
  screens: { list: '/admin/web-form/list', create: '/admin/web-form/create', edit: '/admin/web-form/edit/:id' },
  can: { read: ['ADMIN/WEBFORMS'] },
  guards: { create: 'read', edit: 'read' },
});

export const businessProcesses = resource({
  screens: {
    list: '/admin/business-processes/list',
    create: '/admin/business-processes/create',
    edit: '/admin/business-processes/:id/edit',
    model: '/admin/business-process/:id/model',
  },
  can: { read: ['ADMIN/BUSINESS_PROCESSES'] },
  guards: { create: 'read', edit: 'read' },
});

export const ipAddresses = resource({
  screens: { list: '/admin/ip-addresses/list', create: '/admin/ip-addresses/create', edit: '/admin/ip-addresses/:id/edit' },
  api: { list: '/ip-addresses', one: '/ip-addresses/:id' },
  can: { read: ['ADMIN/IPADDRESSES'] },
  guards: { create: 'read', edit: 'read' },
  menu: { section: administration, label: 'IP addresses', order: 100 },
});

export const settings = resource({
  screens: { view: '/admin/settings' },
  api: { all: '/settings' },
  can: { read: ['ADMIN/SETTINGS'] },
  guards: { view: 'read' },
  menu: { section: administration, label: 'Settings', order: 120, screen: 'view' },
});

export const errorLog = resource({
  api: { add: '/error_log', report: '/error_log/error-log-report' },
  can: { read: ['ADMIN', 'ADMIN/SETTINGS'] },
});

export const adminArea = area({
  id: 'admin',
  title: 'Administration',
  resources: {
    locations,
    insurance,
    excessProtector,
    tenants,
    tenantProducts,
    apiUsers,
    users,
    roles,
    dataModels,
    salesPipelines,
    templates,
    webForms,
    businessProcesses,
    ipAddresses,
    settings,
    errorLog,
  },
  alsoIntroduces: ['ADMIN/USERS/DELETE', 'ADMIN/INSURANCE/SETTINGS/OFFER/EDIT'],
});
