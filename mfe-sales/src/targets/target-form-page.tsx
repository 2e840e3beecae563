/**
 * A new sales target (/sales/targets/create) or an existing one (/sales/targets/:id/edit): its name,
 * metric, target value and period, and whom it is for: a team or an agent, exactly one (the picker
 * shown follows the choice, and switching clears the other). Checked as the user types against the
 * contract's rules; a refusal keeps what was typed and puts the server's messages on the fields. An
 * existing target shows what it has achieved so far.
 */
import { useMemo, useRef, useState } from 'react';
import { App, Col, Form, Radio, Row } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { TARGET_METRIC_NAMES, TARGET_METRICS, type Target } from '@meridian/shared/contract/target';
import type { TeamListItem } from '@meridian/shared/contract/team';
import { api } from '@meridian/shared/http/api';
import { applyFieldErrors } from '@meridian/shared/http/api-errors';
import { useLoad } from '@meridian/shared/http/use-load';
import { MESSAGES } from '@meridian/shared/messages';
import { FormAlert, FormFrame, NumberField, SelectField, SubmitButton, TextField } from '@meridian/shared/ui/form-fields';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { DateField, localDay } from '../parts/date-field';
import { LinkButton } from '@meridian/shared/ui/link-button';
import { LoadPanel } from '@meridian/shared/ui/load-panel';
import { AgentField, PersonField, type FindPeople, type PersonChoice } from '../parts/person-select';
import {
  emptyTargetForm,
  TARGET_FORM_FIELDS,
  targetFormValuesOf,
  targetForOf,
  targetResolver,
  toTargetBody,
  type TargetFor,
  type TargetFormInput,
  type TargetFormValues,
} from './target-form-schema';
import { TARGETS_LIST_PATH } from './target-paths';
import { TARGET_TEXT } from './target-text';
import { TargetProgress } from './target-progress';

const METRIC_CHOICES = TARGET_METRICS.map((metric) => ({ value: metric, label: TARGET_METRIC_NAMES[metric] }));

/** Teams of the acting tenant's subtree whose name matches (GET /api/teams, one short page). */
const findTeams: FindPeople = (search, signal) =>
  api
    .get<TeamListItem[]>('/api/teams', {
      signal,
      query: { page: 1, size: 50, sortField: 'name', sortOrder: 'ASC', search: search || undefined },
    })
    .then((r) => r.data.map((team) => ({ value: team.Id, label: team.name })));

function TargetForm({ target }: { target?: Target }) {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [failure, setFailure] = useState<string | null>(null);
  const [targetFor, setTargetFor] = useState<TargetFor>(targetForOf(target));
  const forRef = useRef(targetFor);
  forRef.current = targetFor;
  const resolver = useMemo(() => targetResolver(() => forRef.current), []);
  const { control, handleSubmit, setError, setValue, trigger, formState } = useForm<TargetFormInput, unknown, TargetFormValues>({
    resolver,
    mode: 'onChange',
    defaultValues: target ? targetFormValuesOf(target) : emptyTargetForm(localDay()),
  });

  const knownTeam = useMemo<PersonChoice[]>(
    () => (target?.teamId && target.teamName ? [{ value: target.teamId, label: target.teamName }] : []),
    [target],
  );
  const knownAgent = useMemo<PersonChoice[]>(
    () => (target?.userId && target.userFullName ? [{ value: target.userId, label: target.userFullName }] : []),
    [target],
  );

  const chooseFor = (next: TargetFor) => {
    forRef.current = next;
    setTargetFor(next);
    setValue(next === 'team' ? 'userId' : 'teamId', null);
    if (formState.isSubmitted) void trigger(['teamId', 'userId']);
  };

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const body = toTargetBody(values, targetFor);
      if (target) await api.put<Target>(`/api/targets/${encodeURIComponent(target.Id)}`, body);
      else await api.post<Target>('/api/targets', body);
      void message.success(target ? TARGET_TEXT.targetSaved : TARGET_TEXT.targetCreated);
      void navigate(TARGETS_LIST_PATH);
    } catch (error) {
      setFailure(applyFieldErrors(error, TARGET_FORM_FIELDS, setError));
    }
  });

  const half = { xs: 24, md: 12 };
  return (
    <FormFrame onSubmit={submit}>
      <Row gutter={16}>
        <Col span={24}>
          <TextField control={control} name="name" label={TARGET_TEXT.targetName} autoComplete="off" autoFocus={!target} />
        </Col>
        <Col {...half}>
          <SelectField control={control} name="metric" label={TARGET_TEXT.metric} options={METRIC_CHOICES} />
        </Col>
        <Col {...half}>
          <NumberField control={control} name="targetValue" label={TARGET_TEXT.targetValue} step={1} />
        </Col>
        <Col {...half}>
          <DateField control={control} name="periodStart" label={TARGET_TEXT.periodStart} onValueChange={() => void trigger('periodEnd')} />
        </Col>
        <Col {...half}>
          <DateField control={control} name="periodEnd" label={TARGET_TEXT.periodEnd} />
        </Col>
        <Col span={24}>
          <Form.Item label={TARGET_TEXT.forWhom}>
            <Radio.Group
              aria-label={TARGET_TEXT.forWhom}
              value={targetFor}
              onChange={(event) => chooseFor(event.target.value as TargetFor)}
              options={[
                { value: 'team', label: TARGET_TEXT.forTeam },
                { value: 'user', label: TARGET_TEXT.forAgent },
              ]}
            />
          </Form.Item>
        </Col>
        <Col span={24}>
          {targetFor === 'team' ? (
            <PersonField
              key="team"
              control={control}
              name="teamId"
              label={TARGET_TEXT.team}
              find={findTeams}
              known={knownTeam}
              placeholder={TARGET_TEXT.chooseTeam}
            />
          ) : (
            <AgentField key="user" control={control} name="userId" label={TARGET_TEXT.agent} known={knownAgent} />
          )}
        </Col>
      </Row>
      <FormAlert text={failure} />
      <SubmitButton busy={formState.isSubmitting}>{target ? MESSAGES.save : TARGET_TEXT.createTarget}</SubmitButton>
    </FormFrame>
  );
}

const backToTargets = <LinkButton to={TARGETS_LIST_PATH}>{TARGET_TEXT.backToTargets}</LinkButton>;

function EditTarget({ id }: { id: string }) {
  const loaded = useLoad((signal) => api.get<Target>(`/api/targets/${encodeURIComponent(id)}`, { signal }).then((r) => r.data), [id]);
  return (
    <PageFrame subtitle={loaded.status === 'loaded' ? loaded.data.name : undefined} actions={backToTargets}>
      <LoadPanel state={loaded}>
        {(target) => (
          <>
            <Form.Item label={TARGET_TEXT.progress} style={{ maxWidth: 360 }}>
              <TargetProgress target={target} />
            </Form.Item>
            <TargetForm key={target.Id} target={target} />
          </>
        )}
      </LoadPanel>
    </PageFrame>
  );
}

export default function TargetFormPage() {
  const { id } = useParams();
  if (id) return <EditTarget id={id} />;
  return (
    <PageFrame actions={backToTargets}>
      <TargetForm />
    </PageFrame>
  );
}
