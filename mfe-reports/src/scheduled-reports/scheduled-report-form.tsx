/**
 * Create or edit a scheduled report: the product's form pattern (react-hook-form with the contract's zod
 * schema, checked as the user types, so a wrong cron expression is named at once), with the next three runs
 * shown in the tenant's zone. Only standard reports can be chosen: custom reports have no list call yet.
 */
import { useState } from 'react';
import { App } from 'antd';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { EXPORT_FORMATS, STANDARD_REPORT_IDS } from '@meridian/shared/contract/report-run';
import type { ScheduledReport } from '@meridian/shared/contract/scheduled-report';
import { SCHEDULE_KINDS, SCHEDULE_LIMITS, WEEKDAY_NAMES } from '@meridian/shared/reports/report-schedule';
import { api } from '@meridian/shared/http/api';
import { applyFieldErrors } from '@meridian/shared/http/api-errors';
import { MESSAGES } from '@meridian/shared/messages';
import { FormAlert, FormFrame, SelectField, SubmitButton, SwitchField, TextAreaField, TextField } from '@meridian/shared/ui/form-fields';
import { SCHEDULE_API } from './scheduled-report-api';
import {
  SCHEDULE_FORM_FIELDS,
  scheduledReportFormSchema,
  scheduledReportFormValues,
  type ScheduledReportFormInput,
  type ScheduledReportFormValues,
} from './scheduled-report-form-schema';
import { KIND_NAMES, REPORT_NAMES, SCHEDULE_TEXT } from './scheduled-report-text';
import { NextRuns } from './next-runs';

const REPORT_CHOICES = STANDARD_REPORT_IDS.map((id) => ({ value: id, label: REPORT_NAMES[id] }));
const FORMAT_CHOICES = EXPORT_FORMATS.map((format) => ({ value: format, label: format }));
const KIND_CHOICES = SCHEDULE_KINDS.map((kind) => ({ value: kind, label: KIND_NAMES[kind] }));
const WEEKDAY_CHOICES = WEEKDAY_NAMES.map((label, value) => ({ value, label }));
const MONTH_DAY_CHOICES = Array.from({ length: SCHEDULE_LIMITS.maxDayOfMonth }, (_, i) => ({ value: i + 1, label: String(i + 1) }));

export function ScheduledReportForm({ schedule, onSaved }: { schedule: ScheduledReport | null; onSaved(saved: ScheduledReport): void }) {
  const { message } = App.useApp();
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, setError, formState } = useForm<ScheduledReportFormInput, unknown, ScheduledReportFormValues>({
    resolver: zodResolver(scheduledReportFormSchema),
    mode: 'onChange',
    defaultValues: scheduledReportFormValues(schedule),
  });
  const [scheduleKind, time, dayOfWeek, dayOfMonth, cron] = useWatch({
    control,
    name: ['scheduleKind', 'time', 'dayOfWeek', 'dayOfMonth', 'cron'],
  });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const { data } = schedule
        ? await api.put<ScheduledReport>(SCHEDULE_API.one(schedule.id), values)
        : await api.post<ScheduledReport>(SCHEDULE_API.list, values);
      void message.success(schedule ? SCHEDULE_TEXT.saved : SCHEDULE_TEXT.created);
      onSaved(data);
    } catch (error) {
      setFailure(applyFieldErrors(error, SCHEDULE_FORM_FIELDS, setError));
    }
  });

  return (
    <FormFrame onSubmit={submit}>
      <TextField control={control} name="name" label={SCHEDULE_TEXT.name} autoComplete="off" autoFocus />
      <SelectField control={control} name="reportId" label={SCHEDULE_TEXT.report} options={REPORT_CHOICES} />
      <TextAreaField control={control} name="parameters" label={SCHEDULE_TEXT.parameters} rows={3} extra={SCHEDULE_TEXT.parametersHint} />
      <SelectField control={control} name="format" label={SCHEDULE_TEXT.format} options={FORMAT_CHOICES} />
      <SelectField control={control} name="scheduleKind" label={SCHEDULE_TEXT.scheduleKind} options={KIND_CHOICES} />
      {scheduleKind === 'cron' ? (
        // Keyed: the two fields take the same place, and a field must not inherit the other's binding.
        <TextField key="cron" control={control} name="cron" label={SCHEDULE_TEXT.cron} autoComplete="off" extra={SCHEDULE_TEXT.cronHint} />
      ) : (
        <TextField key="time" control={control} name="time" label={SCHEDULE_TEXT.time} autoComplete="off" />
      )}
      {scheduleKind === 'weekly' && (
        <SelectField control={control} name="dayOfWeek" label={SCHEDULE_TEXT.dayOfWeek} options={WEEKDAY_CHOICES} />
      )}
      {scheduleKind === 'monthly' && (
        <SelectField control={control} name="dayOfMonth" label={SCHEDULE_TEXT.dayOfMonth} options={MONTH_DAY_CHOICES} />
      )}
      <NextRuns schedule={{ scheduleKind, time, dayOfWeek, dayOfMonth, cron }} />
      <TextAreaField control={control} name="recipients" label={SCHEDULE_TEXT.recipients} rows={2} extra={SCHEDULE_TEXT.recipientsHint} />
      <SwitchField control={control} name="active" label={SCHEDULE_TEXT.active} />
      <FormAlert text={failure} />
      <SubmitButton busy={formState.isSubmitting}>{schedule ? MESSAGES.save : SCHEDULE_TEXT.create}</SubmitButton>
    </FormFrame>
  );
}
