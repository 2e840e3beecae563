/**
 * Bulk update, for managers: the long list scrolls and cannot tick rows, so this drawer shows the
 * same filtered activities as a paged table with selection, and a form of what to change (status,
 * type, start, end, assigned agents; what is left empty stays as it is). POST
 * /api/activities/bulk-update changes every ticked activity or none; the contract's rules are
 * checked as the user chooses, and a refusal keeps the choice and shows the server's message.
 */
import { useEffect, useEffectEvent, useId, useState } from 'react';
import { Alert, App, Button, Col, Drawer, Flex, Form, Row, Select, Typography } from 'antd';
import { Controller, useForm, type Control } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  activityBulkUpdateSchema,
  type ActivityBulkUpdate,
  type ActivityListItem,
  type BulkUpdateResult,
} from '@meridian/shared/contract/activity';
import { api } from '@meridian/shared/http/api';
import { applyFieldErrors } from '@meridian/shared/http/api-errors';
import type { QueryParams } from '@meridian/shared/http/http-client';
import { DateTimeField, FormAlert, FormFrame } from '@meridian/shared/ui/form-fields';
import { PagedTable } from '@meridian/shared/ui/paged-table';
import { AgentSelect } from '../parts/person-select';
import { pagedActivityColumns } from './activity-columns';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';
import { ACTIVITY_API } from './activity-paths';
import { ACTIVITY_TEXT, bulkUpdateButton, bulkUpdatedMessage } from './activity-text';
import { statusChoices, typeChoices, type ActivityCatalogue } from './use-activity-catalogue';

type BulkInput = (typeof activityBulkUpdateSchema)['_zod']['input'];
const FIELDS = ['ids', 'statusId', 'activityTypeId', 'startDate', 'endDate', 'assignedUserIds'] as const;

/** A choice that may stay empty ("Unchanged"). */
function OptionalChoice({
  control,
  name,
  label,
  options,
  extra,
}: {
  control: Control<BulkInput, unknown, ActivityBulkUpdate>;
  name: 'statusId' | 'activityTypeId';
  label: string;
  options: { value: string; label: string }[];
  extra?: string;
}) {
  const id = useId();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Form.Item
          label={label}
          htmlFor={id}
          validateStatus={fieldState.error ? 'error' : undefined}
          help={fieldState.error?.message}
          extra={extra}
        >
          <Select
            id={id}
            allowClear
            placeholder={ACTIVITY_TEXT.unchanged}
            showSearch={{ optionFilterProp: 'label' }}
            options={options}
            value={field.value ?? undefined}
            onChange={(value: string | undefined) => field.onChange(value ?? undefined)}
            onBlur={field.onBlur}
            status={fieldState.error ? 'error' : undefined}
          />
        </Form.Item>
      )}
    />
  );
}

/** Agents who replace those of every ticked activity; none chosen leaves each activity's own. */
function NewAgents({ control }: { control: Control<BulkInput, unknown, ActivityBulkUpdate> }) {
  const id = useId();
  return (
    <Controller
      control={control}
      name="assignedUserIds"
      render={({ field, fieldState }) => (
        <Form.Item
          label={ACTIVITY_TEXT.bulkNewAgents}
          htmlFor={id}
          validateStatus={fieldState.error ? 'error' : undefined}
          help={fieldState.error?.message}
          extra={ACTIVITY_TEXT.bulkNewAgentsHint}
        >
          <AgentSelect
            id={id}
            multiple
            value={field.value ?? []}
            onChange={(ids) => field.onChange(Array.isArray(ids) && ids.length > 0 ? ids : undefined)}
            onBlur={field.onBlur}
            invalid={Boolean(fieldState.error)}
            style={{ width: '100%' }}
          />
        </Form.Item>
      )}
    />
  );
}

export interface BulkUpdateDrawerProps {
  open: boolean;
  onClose(): void;
  /** The list's filters: the drawer offers the same activities. */
  filters: QueryParams;
  catalogue: ActivityCatalogue;
  onUpdated(): void;
}

export function BulkUpdateDrawer({ open, onClose, filters, catalogue, onUpdated }: BulkUpdateDrawerProps) {
  const format = useTenantFormat();
  const { message } = App.useApp();
  const [selected, setSelected] = useState<string[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, setError, setValue, reset, formState } = useForm<BulkInput, unknown, ActivityBulkUpdate>({
    resolver: zodResolver(activityBulkUpdateSchema),
    mode: 'onChange',
    defaultValues: { ids: [] },
  });

  // The selection is the form's `ids`; once submitted, a new selection is checked again at once.
  const selectIds = useEffectEvent((ids: string[]) => setValue('ids', ids, { shouldValidate: formState.isSubmitted }));
  useEffect(() => selectIds(selected), [selected]);

  const close = () => {
    setFailure(null);
    onClose();
  };

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const { data } = await api.post<BulkUpdateResult>(ACTIVITY_API.bulkUpdate, values);
      void message.success(bulkUpdatedMessage(data.updated));
      setSelected([]);
      reset({ ids: [] });
      onUpdated();
      onClose();
    } catch (error) {
      setFailure(applyFieldErrors(error, FIELDS, setError));
    }
  });

  return (
    <Drawer title={ACTIVITY_TEXT.bulkUpdateTitle} open={open} onClose={close} size="min(1040px, 100vw)" destroyOnHidden>
      <Flex vertical gap={16}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {ACTIVITY_TEXT.bulkUpdateIntro}
        </Typography.Paragraph>
        <PagedTable<ActivityListItem>
          url={ACTIVITY_API.list}
          filters={filters}
          columns={pagedActivityColumns(false, format)}
          rowKey={(activity) => activity.Id}
          label={ACTIVITY_TEXT.bulkUpdateTitle}
          emptyText={ACTIVITY_TEXT.noActivities}
          searchPlaceholder={ACTIVITY_TEXT.searchActivities}
          defaultSort={{ field: 'startDate', order: 'DESC' }}
          selection={{ keys: selected, onChange: setSelected }}
          stateKey="bulk"
        />
        <FormFrame onSubmit={submit}>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <OptionalChoice
                control={control}
                name="statusId"
                label={ACTIVITY_TEXT.bulkNewStatus}
                options={statusChoices(catalogue.statuses)}
                extra={ACTIVITY_TEXT.bulkStatusHint}
              />
            </Col>
            <Col xs={24} md={12}>
              <OptionalChoice
                control={control}
                name="activityTypeId"
                label={ACTIVITY_TEXT.bulkNewType}
                options={typeChoices(catalogue.types)}
              />
            </Col>
            <Col xs={24} md={12}>
              <DateTimeField control={control} name="startDate" label={ACTIVITY_TEXT.bulkNewStart} />
            </Col>
            <Col xs={24} md={12}>
              <DateTimeField control={control} name="endDate" label={ACTIVITY_TEXT.bulkNewEnd} />
            </Col>
            <Col span={24}>
              <NewAgents control={control} />
            </Col>
          </Row>
          {formState.errors.ids?.message && (
            <Alert type="error" showIcon title={formState.errors.ids.message} style={{ marginBottom: 16 }} />
          )}
          <FormAlert text={failure} />
          <Button type="primary" htmlType="submit" loading={formState.isSubmitting}>
            {bulkUpdateButton(selected.length)}
          </Button>
        </FormFrame>
      </Flex>
    </Drawer>
  );
}
