/**
 * A new route plan (/sales/activities/activity-plan/create) or an existing one (:id/edit): its name,
 * day and agent, and its stops in visiting order, picked from the day's activities that are in no
 * plan yet (those of the chosen agent unless widened) and ordered with up and down. Checked as the
 * user types against the contract's rules; a refusal (a stop another plan took meanwhile, say) keeps
 * what was built and puts the server's messages on the fields. Saving sends the stop ids in order.
 */
import { useMemo, useState } from 'react';
import { App, Col, Form, Row } from 'antd';
import { EnvironmentOutlined } from '@ant-design/icons';
import { useNavigate, useParams } from 'react-router';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ACTIVITY_PLAN_LIMITS,
  ACTIVITY_PLAN_STATUSES,
  PLAN_STATUS_NAMES,
  type ActivityPlan,
  type ActivityPlanStop,
  type ActivityWithoutPlan,
} from '@meridian/shared/contract/activity-plan';
import { api } from '@meridian/shared/http/api';
import { applyFieldErrors } from '@meridian/shared/http/api-errors';
import { useLoad } from '@meridian/shared/http/use-load';
import { MESSAGES } from '@meridian/shared/messages';
import { FormAlert, FormFrame, SelectField, SubmitButton, TextField } from '@meridian/shared/ui/form-fields';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { AgentField, type PersonChoice } from '../parts/person-select';
import { DateField, localDay } from '../parts/date-field';
import { LinkButton } from '@meridian/shared/ui/link-button';
import { LoadPanel } from '@meridian/shared/ui/load-panel';
import {
  emptyPlanForm,
  PLAN_FORM_FIELDS,
  planFormSchema,
  planFormValuesOf,
  stopInfoOf,
  toCreateBody,
  toUpdateBody,
  type PlanFormInput,
  type PlanFormValues,
  type StopInfo,
} from './activity-plan-form-schema';
import { PLANS_LIST_PATH, planMapPath } from './activity-plan-paths';
import { PLAN_TEXT } from './activity-plan-text';
import { ActivitiesWithoutPlan, RemovedStops, StopList } from './plan-stops-editor';

const STATUS_CHOICES = ACTIVITY_PLAN_STATUSES.map((status) => ({ value: status, label: PLAN_STATUS_NAMES[status] }));

function PlanForm({ plan, planStops = [] }: { plan?: ActivityPlan; planStops?: ActivityPlanStop[] }) {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [failure, setFailure] = useState<string | null>(null);
  const [onlyAgent, setOnlyAgent] = useState(true);
  const [stops, setStops] = useState<ReadonlyMap<string, StopInfo>>(() => new Map(planStops.map((stop) => [stop.Id, stopInfoOf(stop)])));
  const { control, handleSubmit, setError, setValue, formState } = useForm<PlanFormInput, unknown, PlanFormValues>({
    resolver: zodResolver(planFormSchema),
    mode: 'onChange',
    defaultValues: plan ? planFormValuesOf(plan) : emptyPlanForm(localDay()),
  });
  const [planDate, agentUserId, activityIds] = useWatch({ control, name: ['planDate', 'agentUserId', 'activityIds'] });
  const ids = useMemo(() => (Array.isArray(activityIds) ? (activityIds as string[]) : []), [activityIds]);
  const full = ids.length >= ACTIVITY_PLAN_LIMITS.maxStops;

  const knownAgent = useMemo<PersonChoice[]>(
    () => (plan?.agentUserId && plan.agentName ? [{ value: plan.agentUserId, label: plan.agentName }] : []),
    [plan],
  );
  const removed = planStops.filter((stop) => !ids.includes(stop.Id)).map(stopInfoOf);

  const setIds = (next: string[]) => setValue('activityIds', next, { shouldValidate: true, shouldDirty: true, shouldTouch: true });
  const addStop = (activity: ActivityWithoutPlan | StopInfo) => {
    if (ids.includes(activity.Id) || full) return;
    setStops((known) => new Map(known).set(activity.Id, 'typeDesc' in activity ? stopInfoOf(activity) : activity));
    setIds([...ids, activity.Id]);
  };

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      if (plan) await api.put<ActivityPlan>(`/api/activities/activity-plan/${encodeURIComponent(plan.Id)}`, toUpdateBody(values));
      else await api.post<ActivityPlan>('/api/activities/activity-plan', toCreateBody(values));
      void message.success(plan ? PLAN_TEXT.planSaved : PLAN_TEXT.planCreated);
      void navigate(PLANS_LIST_PATH);
    } catch (error) {
      setFailure(applyFieldErrors(error, PLAN_FORM_FIELDS, setError));
    }
  });

  // The activities to pick from sit beside the form, not in it: their search box must not submit the plan.
  return (
    <Row gutter={24}>
      <Col xs={24} xl={10}>
        <FormFrame onSubmit={submit}>
          <TextField control={control} name="name" label={PLAN_TEXT.planName} autoComplete="off" autoFocus={!plan} />
          <Row gutter={16}>
            <Col xs={24} sm={10}>
              <DateField control={control} name="planDate" label={PLAN_TEXT.planDate} />
            </Col>
            <Col xs={24} sm={14}>
              <AgentField control={control} name="agentUserId" label={PLAN_TEXT.planAgent} known={knownAgent} />
            </Col>
          </Row>
          {plan && <SelectField control={control} name="status" label={PLAN_TEXT.planStatus} options={STATUS_CHOICES} />}
          <Controller
            control={control}
            name="activityIds"
            render={({ fieldState }) => (
              <Form.Item
                label={PLAN_TEXT.stopsInOrder}
                validateStatus={fieldState.error ? 'error' : undefined}
                help={fieldState.error?.message}
              >
                <StopList ids={ids} stops={stops} onChange={setIds} />
                <RemovedStops removed={removed} onAddBack={addStop} full={full} />
              </Form.Item>
            )}
          />
          <FormAlert text={failure} />
          <SubmitButton busy={formState.isSubmitting}>{plan ? MESSAGES.save : PLAN_TEXT.createPlan}</SubmitButton>
        </FormFrame>
      </Col>
      <Col xs={24} xl={14}>
        <ActivitiesWithoutPlan
          planDate={typeof planDate === 'string' ? planDate : undefined}
          agentUserId={typeof agentUserId === 'string' && agentUserId ? agentUserId : undefined}
          onlyAgent={onlyAgent}
          onOnlyAgentChange={setOnlyAgent}
          chosen={ids}
          onAdd={addStop}
        />
      </Col>
    </Row>
  );
}

const backToPlans = <LinkButton to={PLANS_LIST_PATH}>{PLAN_TEXT.backToPlans}</LinkButton>;

function EditPlan({ id }: { id: string }) {
  const loaded = useLoad(
    (signal) =>
      Promise.all([
        api.get<ActivityPlan>(`/api/activities/activity-plan/${encodeURIComponent(id)}`, { signal }).then((r) => r.data),
        api
          .get<ActivityPlanStop[]>(`/api/activities/activity-plan-activities/${encodeURIComponent(id)}`, {
            signal,
            query: { detailsLevel: 'BASIC' },
          })
          .then((r) => r.data),
      ]),
    [id],
  );
  const plan = loaded.status === 'loaded' ? loaded.data[0] : null;
  return (
    <PageFrame
      subtitle={plan?.name}
      actions={
        <>
          <LinkButton to={planMapPath(id)} icon={<EnvironmentOutlined />}>
            {PLAN_TEXT.showMap}
          </LinkButton>
          {backToPlans}
        </>
      }
    >
      <LoadPanel state={loaded}>{([data, stops]) => <PlanForm key={data.Id} plan={data} planStops={stops} />}</LoadPanel>
    </PageFrame>
  );
}

export default function ActivityPlanFormPage() {
  const { id } = useParams();
  if (id) return <EditPlan id={id} />;
  return (
    <PageFrame actions={backToPlans}>
      <PlanForm />
    </PageFrame>
  );
}
