/** Sales teams: a leader and members of one tenant, of a team type. */
import { z } from 'zod';
import { idSchema } from '../validation';
import { choice } from '../validation-messages';
import { pagingQuerySchema } from './paging';
import { answerCount, answerId, answerInstant } from './answer-fields';

/** The kinds of team (GET /teams/teamtypes). */
export const TEAM_TYPES = [
  { Id: 'FIELD', name: 'Field' },
  { Id: 'CALL_CENTRE', name: 'Call centre' },
  { Id: 'COLLECTIONS', name: 'Collections' },
] as const;
export type TeamType = (typeof TEAM_TYPES)[number]['Id'];
const TEAM_TYPE_IDS = TEAM_TYPES.map((t) => t.Id) as [TeamType, ...TeamType[]];
export const TEAM_TYPE_NAMES = Object.fromEntries(TEAM_TYPES.map((t) => [t.Id, t.name])) as Record<TeamType, string>;

export const TEAM_LIMITS = { nameMaxLength: 100, maxMembers: 1000 } as const;

/** What POST /teams and PUT /teams/{id} take. Without tenantId the team belongs to the tenant the caller acts for. */
export const teamSaveSchema = z.object({
  name: z
    .string({ error: 'A team name is required.' })
    .trim()
    .min(1, 'A team name is required.')
    .max(TEAM_LIMITS.nameMaxLength, `A team name has at most ${TEAM_LIMITS.nameMaxLength} characters.`),
  teamType: choice(TEAM_TYPE_IDS, { labels: TEAM_TYPE_NAMES }).default('FIELD'),
  leaderUserId: idSchema.nullable().optional(),
  teamMembers: z
    .array(idSchema, { error: 'Give the members as a list of user ids.' })
    .max(TEAM_LIMITS.maxMembers, `A team has at most ${TEAM_LIMITS.maxMembers} members.`)
    .default([])
    .transform((ids) => [...new Set(ids)]),
  tenantId: idSchema.optional(),
});
export type TeamSave = z.infer<typeof teamSaveSchema>;

/** DELETE /teams/delete. */
export const teamDeleteSchema = z.object({
  salesTeams: z.array(idSchema, { error: 'Give the teams as a list of ids.' }).min(1, 'Choose at least one team.').max(1000),
});

export const teamListQuerySchema = pagingQuerySchema.extend({
  teamType: z.enum(TEAM_TYPE_IDS, { error: `teamType is one of ${TEAM_TYPE_IDS.join(', ')}.` }).optional(),
});
/** GET /teams/by-user: the user is required. */
export const teamsByUserQuerySchema = pagingQuerySchema.extend({
  userId: z.string({ error: 'Give the userId of the user whose teams to list.' }).pipe(idSchema),
});
/** GET /teams/by-user-simple: the caller when userId is absent. */
export const teamsByUserSimpleQuerySchema = z.object({ userId: idSchema.optional() });

export interface TeamPerson {
  Id: string;
  firstName: string;
  lastName: string;
  userName: string;
  emailAddress: string;
}

export interface TeamListItem {
  Id: string;
  name: string;
  teamType: TeamType;
  tenantId: string;
  tenantName: string;
  leaderUserId: string | null;
  leaderName: string | null;
  memberCount: number;
  dateCreated: string;
}

export interface Team extends TeamListItem {
  leader: TeamPerson | null;
  members: TeamPerson[];
  /** The members' user ids. */
  teamMembers: string[];
}

/** The id-and-name lists of the *-simple calls. */
export interface IdName {
  Id: string;
  name: string;
}

export const teamPersonSchema: z.ZodType<TeamPerson> = z
  .strictObject({ Id: answerId, firstName: z.string(), lastName: z.string(), userName: z.string(), emailAddress: z.string() })
  .meta({ id: 'TeamPerson' });
const teamListItemFields = {
  Id: answerId,
  name: z.string(),
  teamType: z.enum(TEAM_TYPE_IDS),
  tenantId: answerId,
  tenantName: z.string(),
  leaderUserId: answerId.nullable(),
  leaderName: z.string().nullable(),
  memberCount: answerCount,
  dateCreated: answerInstant,
};
export const teamListItemSchema: z.ZodType<TeamListItem> = z.strictObject(teamListItemFields).meta({ id: 'TeamListItem' });
export const teamSchema: z.ZodType<Team> = z
  .strictObject({
    ...teamListItemFields,
    leader: teamPersonSchema.nullable(),
    members: z.array(teamPersonSchema),
    teamMembers: z.array(answerId),
  })
  .meta({ id: 'Team' });
export const idNameSchema: z.ZodType<IdName> = z.strictObject({ Id: answerId, name: z.string() }).meta({ id: 'IdName' });
/** The team types, by id and name. */
export const teamTypesSchema = z.array(z.strictObject({ Id: z.enum(TEAM_TYPE_IDS), name: z.string() }));
export type TeamTypeEntry = z.infer<typeof teamTypesSchema>[number];
