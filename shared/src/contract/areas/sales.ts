/**
 * The sales area (remote `sales`): clients, complaints, leads, activities and route plans, teams,
 * targets and cases, the agent's day, calculators and onboarding (sales spec sections 6 and 7).
 */
import { area, resource, type MenuSection } from './area';

const clientsSection: MenuSection = { label: 'Clients', order: 10, icon: 'team' };
const salesSection: MenuSection = { label: 'Sales', order: 30, icon: 'rise' };
const activitiesSection: MenuSection = {
  label: 'Activities',
  order: 50,
  within: salesSection,
  can: ['SALES/ACTIVITIES', 'SALES/ACTIVITIES/ACTIVITIES'],
};
const affordabilitySection: MenuSection = {
  label: 'Affordability',
  order: 60,
  within: salesSection,
  can: ['SALES/AFFORDABILITY', 'SALES/AFFORDABILITY/CS', 'SALES/AFFORDABILITY/SME', 'SALES/AFFORDABILITY/LBF'],
};

/** Those who link activities and cases to a client or lead, and so look them up by name. */
const LINKERS = ['SALES/ACTIVITIES', 'SALES/ACTIVITIES/CREATE', 'SALES/ACTIVITIES/EDIT', 'SALES/CASES'] as const;
/** Lending (issue 21): who reads loans and payments, and the credit staff who decide, disburse and reverse. */
const LOAN_READERS = ['CLIENTS', 'LOAN/DISBURSEMENTS'] as const;
const CREDIT_STAFF = ['LOAN/DISBURSEMENTS'] as const;

export const clients = resource({
  screens: {
    list: '/clients/list',
    grid: '/clients/grid',
    create: '/clients/create',
    edit: '/clients/edit/:id',
    phoneBook: '/clients/phone-book',
  },
  api: { list: '/clients', one: '/clients/:id', search: '/clients/search', remove: '/clients/delete', phoneBook: '/clients/phone-book' },
  can: { read: ['CLIENTS'], create: ['CLIENTS/CREATE'], edit: ['CLIENTS/EDIT'], find: ['CLIENTS', ...LINKERS] },
  menu: { section: clientsSection, label: 'Clients', order: 10 },
});

export const clientGroups = resource({
  screens: {
    list: '/clients/groups/list',
    create: '/clients/groups/create',
    edit: '/clients/groups/edit/:id',
    details: '/clients/groups/details/:id',
  },
  api: { list: '/clients/groups', one: '/clients/groups/:id', remove: '/clients/groups/delete' },
  can: { read: ['CLIENTS/GROUPS'] },
});

/**
 * The USSD channel: staff read registered clients, sessions and the dashboard and deregister a client's PIN
 * (spec 7 Clients) with CLIENTS/USSD; the gateway's call is public (the gateway key, when configured, and
 * each client's PIN guard it).
 */
export const ussd = resource({
  screens: { clients: '/clients/ussd/clients', dashboard: '/clients/ussd/dashboard', sessions: '/clients/ussd/sessions' },
  api: {
    clients: '/clients/ussd/clients',
    deregister: '/clients/deregister-client-ussd-security/:id',
    sessions: '/clients/ussd/sessions',
    session: '/clients/ussd/sessions/:id',
    dashboard: '/clients/ussd/dashboard',
    gateway: '/ussd/gateway',
  },
  can: { read: ['CLIENTS/USSD'], deregister: ['CLIENTS/USSD'] },
  menu: [
    { section: clientsSection, label: 'USSD clients', order: 20, screen: 'clients' },
    { section: clientsSection, label: 'USSD dashboard', order: 30, screen: 'dashboard' },
  ],
});

/** Payments (issue 21): the list, taking one and amending or reversing it. */
export const clientPaperwork = resource({
  screens: {
    payments: '/clients/payments',
    createPayment: '/clients/payments/create',
    editPayment: '/clients/payments/edit',
  },
  // The payments API (issue 21): read by whoever reads loans, taken by client editors and credit staff,
  // reversed by credit staff only.
  api: { payments: '/clients/payments', payment: '/clients/payments/:id', reversePayment: '/clients/payments/:id/reverse' },
  can: {
    read: ['CLIENTS'],
    readPayments: LOAN_READERS,
    takePayment: ['CLIENTS/EDIT', 'LOAN/DISBURSEMENTS'],
    reversePayment: CREDIT_STAFF,
  },
  // The payment screens open for whoever the payments API lets read or take them (credit staff without
  // CLIENTS included); the edit screen shows the payment to readers and offers the changes by action.
  guards: { payments: 'readPayments', createPayment: 'takePayment', editPayment: 'readPayments' },
  menu: { section: clientsSection, label: 'Payments', order: 47, screen: 'payments' },
});

export const disbursements = resource({
  screens: { list: '/disbursements' },
  api: { list: '/disbursements', disburse: '/loans/:id/disburse' },
  can: { read: CREDIT_STAFF, disburse: CREDIT_STAFF },
  menu: { section: clientsSection, label: 'Disbursements', order: 45 },
});

export const products = resource({
  screens: { list: '/products', edit: '/products/:id/edit' },
  api: {
    list: '/loan-products',
    one: '/loan-products/:id',
    categories: '/loan-products/categories',
    configurator: '/onboarding/product/product-configurator',
  },
  can: {
    read: ['ADMIN/PRODUCTS'],
    create: ['ADMIN/PRODUCTS'],
    edit: ['ADMIN/PRODUCTS'],
    /** Choosing a product: applying for a loan, onboarding a lead, reading a loan. */
    pick: ['ADMIN/PRODUCTS', ...LOAN_READERS, 'CLIENTS/CREATE', 'CLIENTS/EDIT', 'SALES/LEADS'],
  },
  guards: { edit: 'read' },
  // Not in the older product's menu (reached through its administration); a credit team looks for it beside the loans.
  menu: { section: clientsSection, label: 'Loan products', order: 60 },
});

/**
 * Loans (issue 21): applied for by client editors, decided and written off by credit staff. `/loans/apply`
 * is matched before `/loans/:id` (a static segment outranks a parameter).
 */
export const loans = resource({
  screens: { list: '/loans', apply: '/loans/apply', view: '/loans/:id' },
  api: {
    list: '/loans',
    one: '/loans/:id',
    approve: '/loans/:id/approve',
    reject: '/loans/:id/reject',
    writeOff: '/loans/:id/write-off',
  },
  can: {
    read: LOAN_READERS,
    apply: ['CLIENTS/CREATE', 'CLIENTS/EDIT', 'LOAN/DISBURSEMENTS'],
    decide: CREDIT_STAFF,
    writeOff: CREDIT_STAFF,
  },
  guards: { view: 'read' },
  menu: { section: clientsSection, label: 'Loans', order: 40 },
});

/**
 * Consent forms of a loan application (issue 21): a spouse's consent and a guarantor's form, captured by
 * those who apply for loans, read (with their PDF) by those who read loans, voided by credit staff.
 */
export const consentForms = resource({
  screens: { spousalConsent: '/spousalconsent', guarantorForm: '/guarantorform' },
  api: { list: '/loan-consents', one: '/loan-consents/:id', pdf: '/loan-consents/:id/pdf', void: '/loan-consents/:id/void' },
  can: { read: loans.can.read, capture: loans.can.apply, void: loans.can.decide },
  guards: { spousalConsent: 'read', guarantorForm: 'read' },
  menu: [
    { section: clientsSection, label: 'Spousal consent', order: 52, screen: 'spousalConsent' },
    { section: clientsSection, label: 'Guarantor forms', order: 53, screen: 'guarantorForm' },
  ],
});

/**
 * Maker-checker (Fineract's): the actions a tenant makes wait for a second user. The rules are a
 * setting; a pending request is checked by a holder of the action's own permission (checked again
 * by the API when approving).
 */
export const makerChecker = resource({
  /** The checker's queue: pending requests of the subtree, approved or rejected by another user. */
  screens: { queue: '/loans/approvals' },
  api: {
    rules: '/maker-checker/rules',
    requests: '/maker-checker/requests',
    approve: '/maker-checker/requests/:id/approve',
    reject: '/maker-checker/requests/:id/reject',
  },
  can: { readRules: ['ADMIN/SETTINGS', ...CREDIT_STAFF], configure: ['ADMIN/SETTINGS'], check: CREDIT_STAFF },
  guards: { queue: 'check' },
  menu: { section: clientsSection, label: 'Loan approvals', order: 50, screen: 'queue' },
});

export const complaints = resource({
  screens: { list: '/complaints', view: '/complaint/view', edit: '/complaint/edit' },
  can: { read: ['Complaints'], edit: ['Complaints/EDIT', 'Complaints/CREATE'] },
  guards: { view: 'read' },
});

export const leads = resource({
  screens: {
    list: '/sales/leads',
    create: '/sales/leads/create',
    edit: '/sales/leads/edit/:id',
    onboardingWizard: '/sales/leads/digital-onboarding/wizard/:treeModelId/:leadId?',
    onboardingTest: '/sales/leads/digital-onboarding/test/:id?/:leadId?',
    onboardingEdit: '/sales/leads/digital-onboarding/:id/edit',
    dashboard: '/sales/leadsdashboard',
  },
  api: {
    list: '/leads',
    one: '/leads/:id',
    status: '/leads/status/:id',
    assign: '/leads/assignlead',
    remove: '/leads/delete',
    resendConsentRequest: '/leads/resend-consent-request',
    pdf: '/leads/generate-pdf',
    dashboard: '/leads/dashboard',
    search: '/leads/search',
  },
  can: {
    read: ['SALES/LEADS'],
    create: ['SALES/LEADS/CREATE', 'SALES/LEADS'],
    edit: ['SALES/LEADS/EDIT', 'SALES/LEADS'],
    find: ['SALES/LEADS', ...LINKERS],
  },
  guards: { onboardingEdit: 'read' },
  menu: { section: salesSection, label: 'Leads', order: 40 },
});

/**
 * CSV imports (issue 21): clients, leads, loans and payments in bulk. Each model is imported by whoever may
 * create one of it (the same grants as the single create); the screen opens for any of them.
 */
export const csvImports = resource({
  screens: { upload: '/csv/upload/:model?' },
  api: {
    upload: '/csv-imports/:model',
    one: '/csv-imports/:id',
    errorRows: '/csv-imports/:id/error-rows',
    fixRows: '/csv-imports/:id/rows',
    run: '/csv-imports/:id/import',
  },
  can: {
    clients: clients.can.create,
    leads: leads.can.create,
    loans: loans.can.apply,
    payments: clientPaperwork.can.takePayment,
    upload: [...clients.can.create, ...leads.can.create, ...loans.can.apply, ...clientPaperwork.can.takePayment],
  },
  guards: { upload: 'upload' },
});

export const salesDashboard = resource({
  screens: { view: '/sales/dashboard' },
  api: { view: '/sales/dashboard' },
  can: { view: ['SALES'], api: ['SALES', 'SALES/LEADS'] },
  menu: { section: salesSection, label: 'Sales dashboard', order: 5, screen: 'view' },
});

export const activities = resource({
  screens: {
    list: '/sales/activities',
    agents: '/sales/activities/agents',
    create: '/sales/activities/create',
    edit: '/sales/activities/:id/edit',
    view: '/sales/activities/:id/view',
    calendar: '/sales/activities/calendar',
  },
  api: {
    list: '/activities',
    one: '/activities/:id',
    ofAgent: '/activities/agents/:id',
    myWork: '/activities/agent-my-work-activities',
    calendar: '/activities/calendar',
    types: '/activities/types',
    statuses: '/activities/statuses',
    bulkUpdate: '/activities/bulk-update',
    remove: '/activities/delete',
    statusUpdate: '/activities/updateAssignmentStatus',
    files: '/activities/update-assignment-files',
    statusWidget: '/activities/for-status-widget',
    typeWidget: '/activities/for-type-widget',
    statusReport: '/activities/agentActivityStatusReport',
    assignment: '/activities/get-activity-assignment/:entityId/:userId',
    file: '/activities/files/:fileId',
  },
  can: {
    read: ['SALES/ACTIVITIES/ACTIVITIES', 'SALES/ACTIVITIES'],
    create: ['SALES/ACTIVITIES/CREATE', 'SALES/ACTIVITIES'],
    edit: ['SALES/ACTIVITIES/EDIT', 'SALES/ACTIVITIES'],
    /** One activity's page and the agents' view of them. */
    view: ['SALES/ACTIVITIES'],
    calendar: ['SALES/ACTIVITIES/CALENDAR'],
    /** The caller's own work: My Work, their assignment statuses and files. */
    readOwn: ['SALES/ACTIVITIES', 'SALES/ACTIVITIES/ACTIVITIES', 'SALES/AGENTS/MYWORK'],
    /** Updating an assignment's status or files. */
    updateAssignment: ['SALES/ACTIVITIES/EDIT', 'SALES/ACTIVITIES', 'SALES/AGENTS/MYWORK'],
    /** Types and statuses: anyone who reads, creates, edits or works on activities. */
    readCatalogue: [
      'SALES/ACTIVITIES',
      'SALES/ACTIVITIES/ACTIVITIES',
      'SALES/ACTIVITIES/CREATE',
      'SALES/ACTIVITIES/EDIT',
      'SALES/ACTIVITIES/CALENDAR',
      'SALES/AGENTS/MYWORK',
    ],
  },
  guards: { agents: 'view' },
  menu: [
    { section: activitiesSection, label: 'All activities', order: 10 },
    { section: activitiesSection, label: 'Agent activity', order: 20, screen: 'agents' },
    { section: activitiesSection, label: 'Calendar', order: 40, screen: 'calendar' },
  ],
});

export const myWork = resource({
  screens: { landing: '/agents/landingpage', dashboard: '/agents/dashboard' },
  api: { action: '/agent/action', latestAction: '/agent/action/latest', dashboard: '/agent/dashboard' },
  can: { read: ['SALES/AGENTS/MYWORK'] },
  menu: { section: salesSection, label: 'My Work', order: 10, screen: 'landing' },
});

export const activityPlans = resource({
  screens: {
    list: '/sales/activities/activity-plan',
    create: '/sales/activities/activity-plan/create',
    edit: '/sales/activities/activity-plan/:id/edit',
    map: '/sales/activities/activity-plan/:id/map-view',
    mapOverview: '/sales/activities/activity-plan/map-overview',
    dayOverview: '/sales/activities/activity-plan/day-overview',
  },
  api: {
    list: '/activities/activity-plan',
    one: '/activities/activity-plan/:id',
    mapOverview: '/activities/activity-plan/map-overview',
    dayOverview: '/activities/activity-plan/day-overview',
    remove: '/activities/activity-plan/delete',
  },
  can: {
    read: ['SALES/ACTIVITIES/ACTIVITY_PLANS'],
    dayOverview: ['SALES/ACTIVITIES/ACTIVITY_PLANS/DAY_OVERVIEW/VIEW'],
    /** The API's day overview: planners too. */
    readDayOverview: ['SALES/ACTIVITIES/ACTIVITY_PLANS', 'SALES/ACTIVITIES/ACTIVITY_PLANS/DAY_OVERVIEW/VIEW'],
  },
  guards: { create: 'read', edit: 'read', map: 'read', mapOverview: 'read' },
  menu: [
    { section: activitiesSection, label: 'Route plans', order: 50 },
    { section: activitiesSection, label: 'Day overview', order: 60, screen: 'dayOverview' },
  ],
});

export const agentHistory = resource({
  screens: { actions: '/sales/agents/actions', location: '/sales/agents/location/:lng/:lat' },
  api: { summary: '/agent/summary-report', day: '/agent/:userId/:date' },
  can: {
    read: ['SALES/AGENTS/HISTORY'],
    positions: ['SALES/AGENT/POSITION'],
    /** One agent's day: the agent themself, or who reads others' history or positions. */
    readDay: ['SALES/AGENTS/MYWORK', 'SALES/AGENTS/HISTORY', 'SALES/AGENT/POSITION'],
    /** Another agent's positions. */
    readOthersPositions: ['SALES/AGENTS/HISTORY', 'SALES/AGENT/POSITION'],
    readTrail: ['SALES/AGENT/POSITION', 'SALES/AGENTS/HISTORY'],
  },
  guards: { location: 'positions' },
  menu: { section: activitiesSection, label: 'Agent actions', order: 30, screen: 'actions' },
});

export const agentStats = resource({
  api: { ofAgent: '/stats/agent/:userId', ofTeam: '/stats/team/:userId', ofTenant: '/stats/:userId' },
  can: { read: ['SALES', 'SALES/ACTIVITIES', 'SALES/AGENTS/MYWORK', 'SALES/TEAMS', 'ADMIN/USERS'] },
});

export const teams = resource({
  screens: { list: '/sales/teams', create: '/sales/teams/add', edit: '/sales/teams/edit/:id' },
  api: { list: '/teams', one: '/teams/:id', remove: '/teams/delete', ownTeams: '/teams/agent-teams' },
  can: {
    read: ['SALES/TEAMS'],
    create: ['SALES/TEAMS', 'SALES/TEAMS/CREATE'],
    edit: ['SALES/TEAMS', 'SALES/TEAMS/EDIT'],
    /** Choosing a team (targets are set per team). */
    pick: ['SALES/TEAMS', 'SALES/TARGETS'],
    readOwn: ['SALES/TEAMS', 'SALES/AGENTS/MYWORK'],
  },
  guards: { create: 'read', edit: 'read' },
  menu: { section: salesSection, label: 'Sales Teams', order: 20 },
});

export const targets = resource({
  screens: { list: '/sales/targets', create: '/sales/targets/create', edit: '/sales/targets/:id/edit' },
  api: { list: '/targets', one: '/targets/:id', remove: '/targets/delete' },
  can: { read: ['SALES/TARGETS'], create: ['SALES/TARGETS', 'SALES/TARGETS/CREATE'], edit: ['SALES/TARGETS', 'SALES/TARGETS/EDIT'] },
  guards: { create: 'read', edit: 'read' },
  menu: { section: salesSection, label: 'Sales Targets', order: 30 },
});

export const cases = resource({
  screens: { list: '/sales/cases', create: '/sales/cases/add', edit: '/sales/cases/edit/:id' },
  api: { list: '/cases', one: '/cases/:id', remove: '/cases/delete' },
  can: { read: ['SALES/CASES'], create: ['SALES/CASES', 'SALES/CASES/CREATE'], edit: ['SALES/CASES', 'SALES/CASES/EDIT'] },
  guards: { create: 'read', edit: 'read' },
});

export const calculators = resource({
  screens: {
    cs: '/sales/calculators/cs-affordability',
    sme: '/sales/calculators/sme-affordability',
    lbf: '/sales/calculators/lbf-affordability',
    lbfPremium: '/sales/calculators/lbf-premium',
  },
  can: {
    cs: ['SALES/AFFORDABILITY/CS', 'SALES/AFFORDABILITY'],
    sme: ['SALES/AFFORDABILITY/SME', 'SALES/AFFORDABILITY'],
    lbf: ['SALES/AFFORDABILITY/LBF', 'SALES/AFFORDABILITY'],
  },
  guards: { lbfPremium: 'lbf' },
  menu: [
    { section: affordabilitySection, label: 'CS', order: 10, screen: 'cs' },
    { section: affordabilitySection, label: 'SME', order: 20, screen: 'sme' },
    { section: affordabilitySection, label: 'LBF', order: 30, screen: 'lbf' },
    { section: affordabilitySection, label: 'LBF insurance premium', order: 40, screen: 'lbfPremium' },
  ],
});

export const civilServantOnboarding = resource({
  screens: { list: '/sales/onboard/cs-list', add: '/sales/onboard/cs-add' },
  can: { read: ['SALES/ONBOARD/CS/VIEW', 'SALES/ONBOARD/CS'], add: ['SALES/ONBOARD/CS/ADD', 'SALES/ONBOARD/CS'] },
  menu: { section: salesSection, label: 'Onboarding: civil servants', order: 70 },
});

export const salesArea = area({
  id: 'sales',
  title: 'Sales',
  resources: {
    clients,
    clientGroups,
    ussd,
    clientPaperwork,
    disbursements,
    products,
    loans,
    consentForms,
    makerChecker,
    complaints,
    leads,
    csvImports,
    salesDashboard,
    activities,
    myWork,
    activityPlans,
    agentHistory,
    agentStats,
    teams,
    targets,
    cases,
    calculators,
    civilServantOnboarding,
  },
});
