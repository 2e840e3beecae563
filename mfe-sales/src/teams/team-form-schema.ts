/**
 * The sales team form's schema: the contract's own (shared/contract/team teamSaveSchema), so the
 * browser checks what the API checks: a name of at most 100 characters, a team type, an optional
 * leader and at most 1,000 members, each once.
 */
import type { DefaultValues } from 'react-hook-form';
import { teamSaveSchema, type Team, type TeamPerson, type TeamSave } from '@meridian/shared/contract/team';
import type { PersonChoice } from '../parts/person-select';
import { fullName } from '@meridian/shared/format';

export const teamFormSchema = teamSaveSchema.omit({ tenantId: true });

export type TeamFormInput = (typeof teamFormSchema)['_zod']['input'];
export type TeamFormValues = (typeof teamFormSchema)['_zod']['output'];

export const TEAM_FORM_FIELDS = ['name', 'teamType', 'leaderUserId', 'teamMembers'] as const;

export const emptyTeamForm = (): DefaultValues<TeamFormInput> => ({ name: '', teamType: 'FIELD', leaderUserId: null, teamMembers: [] });

export const teamFormValuesOf = (team: Team): DefaultValues<TeamFormInput> => ({
  name: team.name,
  teamType: team.teamType,
  leaderUserId: team.leaderUserId,
  teamMembers: team.teamMembers,
});

/** POST /api/teams and PUT /api/teams/{id}: the team stays in its tenant. */
export const toTeamBody = (values: TeamFormValues): TeamSave => ({ ...values, leaderUserId: values.leaderUserId ?? null });

/** The people the form can name without asking: the team's leader and members. */
export const knownPeople = (team: Team | undefined): PersonChoice[] =>
  team
    ? [...(team.leader ? [team.leader] : []), ...team.members].map((person: TeamPerson) => ({ value: person.Id, label: fullName(person) }))
    : [];
