/** Test support for the sales target screens (imported by *.test.tsx only): targets as the API answers them, over the sales test kit. */
import type { Target } from '@meridian/shared/contract/target';
import { SIPHO_AGENT } from '../activity-plans/activity-plan-test-kit';
import { TEAM_A } from '../teams/team-test-kit';
import { COMPANY } from '../testing/sales-test-kit';

export const TARGET_A = 'a0000000-0000-4000-8000-000000000001';
export const TARGET_B = 'a0000000-0000-4000-8000-000000000002';

export function targetRow(overrides: Partial<Target> = {}): Target {
  return {
    Id: TARGET_A,
    name: 'June visits',
    metric: 'ACTIVITIES_COMPLETED',
    targetValue: 40,
    periodStart: '2025-06-01',
    periodEnd: '2025-06-30',
    teamId: TEAM_A,
    teamName: 'Soweto Hunters',
    userId: null,
    userFullName: null,
    tenantId: COMPANY,
    tenantName: 'Meridian Lending',
    createdUserId: null,
    dateCreated: '2025-05-28T08:00:00.000Z',
    dateModified: '2025-05-28T08:00:00.000Z',
    achieved: 12,
    progress: 0.3,
    ...overrides,
  };
}
export const targets = () => [
  targetRow(),
  targetRow({
    Id: TARGET_B,
    name: 'Sipho leads',
    metric: 'LEADS_CREATED',
    targetValue: 10,
    teamId: null,
    teamName: null,
    userId: SIPHO_AGENT,
    userFullName: 'Sipho Nkosi',
    achieved: 12,
    progress: 1.2,
  }),
];
