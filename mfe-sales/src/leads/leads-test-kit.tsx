/**
 * Test support for the leads screens (imported by *.test.tsx only): leads, agents and dashboards as the
 * API answers them, a fetch that also answers files, and a clock fixed on a known day, over the sales
 * test kit.
 */
import type { Lead, LeadDashboard, LeadListItem, SalesDashboard } from '@meridian/shared/contract/lead';
import type { UserListItem } from '@meridian/shared/contract/user';
import { COMPANY } from '../testing/sales-test-kit';

export const LERATO_LEAD = '70000000-0000-4000-8000-000000000001';
export const SIPHO_LEAD = '70000000-0000-4000-8000-000000000002';
export const AGENT_ID = '20000000-0000-4000-8000-000000000031';

/** Every hierarchy of the leads screens and dashboards. */
export const ALL_LEAD_PERMISSIONS = ['SALES', 'SALES/LEADS', 'SALES/LEADS/CREATE', 'SALES/LEADS/EDIT'];

export function leadRow(overrides: Partial<LeadListItem> = {}): LeadListItem {
  return {
    Id: LERATO_LEAD,
    tenantId: COMPANY,
    tenantName: 'Meridian Lending',
    firstName: 'Lerato',
    lastName: 'Dube',
    emailAddress: 'lerato.dube@example.com',
    phonenumber: '0821234567',
    trimmedPhonenumber: '0821234567',
    countryCode: '+27',
    contactNumber: '0821234567',
    idNumber: '8001015009087',
    empNumber: null,
    status: 'New',
    source: 'WEB',
    createdByUserId: null,
    leadCreatedBy: 'Thandi Mokoena',
    assignedUserId: null,
    assignedTo: null,
    consentStatus: 'NONE PROVIDED',
    consentDate: null,
    consentRequestedAt: null,
    installmentAmount: null,
    totalAffordability: null,
    affordabilityOutcome: 'NONE',
    affordabilityDate: null,
    location: null,
    latitude: 0,
    longitude: 0,
    dateCreated: '2025-03-04T08:00:00.000Z',
    dateModified: '2025-03-04T08:00:00.000Z',
    ...overrides,
  };
}

export const lerato = () => leadRow();
export const sipho = () =>
  leadRow({
    Id: SIPHO_LEAD,
    firstName: 'Sipho',
    lastName: 'Nkosi',
    emailAddress: null,
    contactNumber: '0831234567',
    status: 'Contacted',
    consentStatus: 'PROVIDED',
  });

export const leadInFull = (row: LeadListItem = lerato(), more: Partial<Lead> = {}): Lead => ({
  ...row,
  addresses: [],
  statusHistory: [],
  ...more,
});

export const agent = (): UserListItem => ({
  Id: AGENT_ID,
  firstName: 'Bongani',
  lastName: 'Zulu',
  userName: 'bongani.zulu',
  emailAddress: 'bongani@example.com',
  mobile: '0721234567',
  tenantId: COMPANY,
  tenantName: 'Meridian Lending',
  lastLoginAt: null,
  dateCreated: '2024-01-01T00:00:00.000Z',
  dateDeleted: null,
  roles: ['Loan Officer'],
});

export function leadDashboard(overrides: Partial<LeadDashboard> = {}): LeadDashboard {
  return {
    window: { startDate: '2025-02-04T00:00:00.000Z', endDate: '2025-03-06T00:00:00.000Z' },
    total: 12,
    byStatus: [
      { key: 'New', count: 5 },
      { key: 'Contacted', count: 2 },
      { key: 'Qualified', count: 1 },
      { key: 'Application', count: 1 },
      { key: 'Approved', count: 0 },
      { key: 'Declined', count: 0 },
      { key: 'Lost', count: 0 },
      { key: 'Converted', count: 3 },
    ],
    byConsentStatus: [
      { key: 'NONE PROVIDED', count: 7 },
      { key: 'REQUESTED', count: 2 },
      { key: 'PROVIDED', count: 3 },
      { key: 'DECLINED', count: 0 },
    ],
    byAffordabilityOutcome: [
      { key: 'NONE', count: 8 },
      { key: 'AFFORDABLE', count: 3 },
      { key: 'NOT AFFORDABLE', count: 1 },
      { key: 'REFERRED', count: 0 },
    ],
    newPerDay: [
      { day: '2025-03-04', count: 4 },
      { day: '2025-03-05', count: 8 },
    ],
    converted: 3,
    conversionRate: 0.25,
    ...overrides,
  };
}

export function salesDashboard(overrides: Partial<SalesDashboard> = {}): SalesDashboard {
  return {
    window: { startDate: '2025-02-04T00:00:00.000Z', endDate: '2025-03-06T00:00:00.000Z' },
    leadsCreated: 40,
    leadsConverted: 6,
    clientsAdded: 17,
    activities: { planned: 120, completed: 90, completionRate: 0.75 },
    topAgents: [
      {
        userId: AGENT_ID,
        name: 'Bongani Zulu',
        tenantName: 'Soweto Team',
        leadsCreated: 9,
        clientsAdded: 4,
        activitiesPlanned: 30,
        activitiesCompleted: 28,
      },
      {
        userId: '20000000-0000-4000-8000-000000000032',
        name: 'Ayanda Mthembu',
        tenantName: 'Soweto Team',
        leadsCreated: 3,
        clientsAdded: 2,
        activitiesPlanned: 20,
        activitiesCompleted: 11,
      },
    ],
    ...overrides,
  };
}

/** Fixes today on Wednesday 5 March 2025 (10:00 local time); timers stay real for antd and user-event. */
export function onWednesday5March2025() {
  jest.useFakeTimers({
    now: new Date(2025, 2, 5, 10, 0, 0),
    doNotFake: [
      'hrtime',
      'nextTick',
      'performance',
      'queueMicrotask',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'requestIdleCallback',
      'cancelIdleCallback',
      'setImmediate',
      'clearImmediate',
      'setInterval',
      'clearInterval',
      'setTimeout',
      'clearTimeout',
    ],
  });
}

/**
 * The page kit's fetch answers text only; a file call (POST /api/leads/generate-pdf) also needs the
 * body as a Blob. Wraps the installed fetch so that call answers a PDF (still recorded), and answers
 * that PDF, to compare with what is saved.
 */
export function answerPdf(): Blob {
  const pdf = new Blob(['%PDF-1.4 lead'], { type: 'application/pdf' });
  const base = globalThis.fetch;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const response = await base(input, init);
    return String(input).startsWith('/api/leads/generate-pdf') ? Object.assign(response, { blob: async () => pdf }) : response;
  }) as typeof fetch;
  return pdf;
}
