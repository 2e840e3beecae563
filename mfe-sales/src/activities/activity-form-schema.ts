/**
 * The activity form's schema is the contract's (shared/contract/activity activitySaveSchema), so the
 * browser checks exactly what the API checks: a name of at most 200 characters, a type, a start, an
 * end not before the start, coordinates in range. The form holds date-times as ISO strings and
 * people as lists of ids.
 *
 * The contract checks the order of the dates only once every field is valid; the form checks it on
 * its own as well, so a wrong end shows while the rest is still being filled in.
 */
import dayjs from 'dayjs';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { activitySaveSchema, type Activity, type ActivitySave } from '@meridian/shared/contract/activity';
import { fullName } from '@meridian/shared/format';
import type { PersonChoice } from '../parts/person-select';

const activityFormSchema = activitySaveSchema;
export type ActivityFormInput = (typeof activityFormSchema)['_zod']['input'];

/** Any valid id: stands in for the fields that do not take part in the order of the dates. */
const STAND_IN_ID = '00000000-0000-4000-8000-000000000000';

/** The contract's own message when the end is before the start, or null; the other fields are left out of it. */
function dateOrderIssue(values: Pick<Partial<ActivityFormInput>, 'startDate' | 'endDate'>): string | null {
  const parsed = activitySaveSchema.safeParse({
    name: 'x',
    activityTypeId: STAND_IN_ID,
    startDate: values.startDate,
    endDate: values.endDate,
  });
  return parsed.success ? null : (parsed.error.issues.find((issue) => issue.path[0] === 'endDate')?.message ?? null);
}

/** The contract's schema, and the order of the dates whatever the other fields hold. */
export function activityFormResolver(): Resolver<ActivityFormInput, unknown, ActivitySave> {
  const contract = zodResolver(activityFormSchema);
  return async (values, context, options) => {
    const result = await contract(values, context, options);
    const errors: FieldErrors<ActivityFormInput> = result.errors;
    const issue = errors.endDate ? null : dateOrderIssue(values);
    return issue ? { values: {}, errors: { ...errors, endDate: { type: 'custom', message: issue } } } : result;
  };
}

/** The fields a server refusal may name, for applyFieldErrors. */
export const ACTIVITY_FORM_FIELDS = [
  'name',
  'description',
  'activityTypeId',
  'startDate',
  'endDate',
  'location',
  'lat',
  'lng',
  'assignedUserIds',
  'clientIds',
  'leadIds',
] as const;

/** A new activity starts at the next full hour. */
const nextFullHour = (now: dayjs.Dayjs = dayjs()) => now.add(1, 'hour').startOf('hour').toISOString();

export const emptyActivityForm = (): Partial<ActivityFormInput> => ({
  name: '',
  description: null,
  startDate: nextFullHour(),
  endDate: null,
  location: null,
  lat: null,
  lng: null,
  assignedUserIds: [],
  clientIds: [],
  leadIds: [],
});

export const activityFormValuesOf = (activity: Activity): Partial<ActivityFormInput> => ({
  name: activity.name,
  description: activity.description,
  activityTypeId: activity.activityTypeId ?? undefined,
  startDate: activity.startDate ?? undefined,
  endDate: activity.endDate,
  location: activity.location,
  lat: activity.lat,
  lng: activity.lng,
  assignedUserIds: activity.assignedUsers.map((u) => u.Id),
  clientIds: activity.clients.map((c) => c.Id),
  leadIds: activity.leads.map((l) => l.Id),
  parentId: activity.parentId,
});

/** The names of the people an activity already has, so its pickers show them before any search. */
export const peopleOf = (people: readonly { Id: string; firstName: string; lastName: string }[]): PersonChoice[] =>
  people.map((person) => ({ value: person.Id, label: fullName(person) }));
