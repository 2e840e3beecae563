/** Test support for the sales team screens (imported by *.test.tsx only): teams as the API answers them, over the sales test kit. */
import type { Team, TeamListItem, TeamPerson } from '@meridian/shared/contract/team';
import { LERATO_AGENT, SIPHO_AGENT } from '../activity-plans/activity-plan-test-kit';
import { COMPANY } from '../testing/sales-test-kit';

export const TEAM_A = '90000000-0000-4000-8000-000000000001';
export const TEAM_B = '90000000-0000-4000-8000-000000000002';

export function teamRow(overrides: Partial<TeamListItem> = {}): TeamListItem {
  return {
    Id: TEAM_A,
    name: 'Soweto Hunters',
    teamType: 'FIELD',
    tenantId: COMPANY,
    tenantName: 'Meridian Lending',
    leaderUserId: SIPHO_AGENT,
    leaderName: 'Sipho Nkosi',
    memberCount: 2,
    dateCreated: '2025-03-01T08:00:00.000Z',
    ...overrides,
  };
}
export const teams = () => [
  teamRow(),
  teamRow({ Id: TEAM_B, name: 'Durban Closers', teamType: 'CALL_CENTRE', leaderUserId: null, leaderName: null, memberCount: 0 }),
];

const person = (Id: string, firstName: string, lastName: string): TeamPerson => ({
  Id,
  firstName,
  lastName,
  userName: `${firstName}.${lastName}`.toLowerCase(),
  emailAddress: `${firstName.toLowerCase()}@demo.meridian.test`,
});
export const sipho = () => person(SIPHO_AGENT, 'Sipho', 'Nkosi');
export const lerato = () => person(LERATO_AGENT, 'Lerato', 'Dube');

export const teamInFull = (): Team => ({ ...teamRow(), leader: sipho(), members: [lerato()], teamMembers: [LERATO_AGENT], memberCount: 1 });
