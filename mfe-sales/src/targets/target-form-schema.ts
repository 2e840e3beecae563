/**
 * The sales target form's schema: the contract's own (shared/contract/target targetSaveSchema), so the
 * browser checks what the API checks: a name, a metric, a whole target above 0, a period that does not
 * end before it starts, and exactly one of a team or an agent. The form asks first whether the target
 * is for a team or an agent and shows that one picker; the contract puts the one-of message on the
 * team, so for an agent it is moved under the agent picker.
 */
import type { DefaultValues, FieldErrors, Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { targetSaveSchema, type Target, type TargetSave } from '@meridian/shared/contract/target';
import { summaryPeriod } from '@meridian/shared/contract/field-agent';

export type TargetFormInput = (typeof targetSaveSchema)['_zod']['input'];
export type TargetFormValues = (typeof targetSaveSchema)['_zod']['output'];
export type TargetFor = 'team' | 'user';

export const TARGET_FORM_FIELDS = ['name', 'metric', 'targetValue', 'periodStart', 'periodEnd', 'teamId', 'userId'] as const;

export const targetForOf = (target: Target | undefined): TargetFor => (target?.userId ? 'user' : 'team');

/** A new target: for this month, for a team until told otherwise. */
export function emptyTargetForm(today: string): DefaultValues<TargetFormInput> {
  const month = summaryPeriod(today, 'month');
  return { name: '', periodStart: month.from, periodEnd: month.to, teamId: null, userId: null };
}

export const targetFormValuesOf = (target: Target): DefaultValues<TargetFormInput> => ({
  name: target.name,
  metric: target.metric,
  targetValue: target.targetValue,
  periodStart: target.periodStart,
  periodEnd: target.periodEnd,
  teamId: target.teamId,
  userId: target.userId,
});

/** The contract's checks, with the one-of message under the picker that is shown. */
export function targetResolver(targetFor: () => TargetFor): Resolver<TargetFormInput, unknown, TargetFormValues> {
  const contract = zodResolver(targetSaveSchema);
  return async (values, context, options) => {
    const result = await contract(values, context, options);
    const { teamId: teamError, ...others } = result.errors as FieldErrors<TargetFormInput>;
    if (targetFor() !== 'user' || !teamError) return result;
    return { values: {}, errors: { ...others, userId: others.userId ?? teamError } };
  };
}

/** POST /api/targets and PUT /api/targets/{id}: exactly one of the team and the agent. */
export const toTargetBody = (values: TargetFormValues, targetFor: TargetFor): TargetSave => ({
  ...values,
  teamId: targetFor === 'team' ? (values.teamId ?? null) : null,
  userId: targetFor === 'user' ? (values.userId ?? null) : null,
});
