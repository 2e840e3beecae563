/** Test support for the case screens (imported by *.test.tsx only): cases, client and lead matches as the API answers them, over the sales test kit. */
import type { SalesCase } from '@meridian/shared/contract/case';
import type { ClientMatch } from '@meridian/shared/contract/client';
import type { LeadMatch } from '@meridian/shared/contract/lead';
import { SIPHO_AGENT } from '../activity-plans/activity-plan-test-kit';
import { COMPANY } from '../testing/sales-test-kit';

export const CASE_A = 'b0000000-0000-4000-8000-000000000001';
export const CASE_B = 'b0000000-0000-4000-8000-000000000002';
export const CLIENT_ID = '50000000-0000-4000-8000-000000000001';
export const LEAD_ID = 'c0000000-0000-4000-8000-000000000001';

export function caseRow(overrides: Partial<SalesCase> = {}): SalesCase {
  return {
    Id: CASE_A,
    title: 'Missing payslip',
    description: 'Ask for the March payslip.',
    status: 'OPEN',
    priority: 'HIGH',
    ownerUserId: SIPHO_AGENT,
    ownerName: 'Sipho Nkosi',
    clientId: CLIENT_ID,
    clientName: 'Lerato Dube',
    leadId: null,
    leadName: null,
    dueDate: '2020-01-31',
    tenantId: COMPANY,
    tenantName: 'Meridian Lending',
    createdUserId: null,
    createdBy: 'Thandi Mokoena',
    dateCreated: '2020-01-20T08:00:00.000Z',
    dateModified: '2020-01-20T08:00:00.000Z',
    closedAt: null,
    ...overrides,
  };
}
export const cases = () => [
  caseRow(),
  caseRow({
    Id: CASE_B,
    title: 'Callback request',
    status: 'CLOSED',
    priority: 'LOW',
    clientId: null,
    clientName: null,
    leadId: LEAD_ID,
    leadName: 'Naledi Khumalo',
    closedAt: '2020-01-25T08:00:00.000Z',
  }),
];

export const clientMatch = (): ClientMatch => ({
  Id: CLIENT_ID,
  firstName: 'Lerato',
  lastName: 'Dube',
  emailAddress: null,
  mobile: '0821234567',
  idNumber: null,
  tenantName: 'Meridian Lending',
});
export const leadMatch = (): LeadMatch => ({
  Id: LEAD_ID,
  firstName: 'Naledi',
  lastName: 'Khumalo',
  contactNumber: '0841234567',
  emailAddress: null,
  status: 'New',
  tenantName: 'Meridian Lending',
});
