/**
 * Add an activity (/sales/activities/create) or edit one (/sales/activities/:id/edit): name, type
 * (the company's active types), start and end, description, where it takes place (a text, and a
 * point typed or picked on the map; an empty location is filled from the acting tenant by the server),
 * the agents assigned and the clients and leads it concerns. Fields are checked as the user types
 * against the contract's rules; a refusal keeps what was typed and puts the server's messages on the
 * fields. Saving opens the activity.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, App, Button, Col, Form, Row } from 'antd';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router';
import type { Activity, ActivitySave } from '@meridian/shared/contract/activity';
import { api } from '@meridian/shared/http/api';
import { applyFieldErrors } from '@meridian/shared/http/api-errors';
import { useLoad } from '@meridian/shared/http/use-load';
import { MESSAGES } from '@meridian/shared/messages';
import {
  DateTimeField,
  FormAlert,
  FormFrame,
  NumberField,
  SelectField,
  SubmitButton,
  TextAreaField,
  TextField,
} from '@meridian/shared/ui/form-fields';
import { MapPicker } from '@meridian/shared/ui/map-picker';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { fullName } from '@meridian/shared/format';
import { LinkButton } from '@meridian/shared/ui/link-button';
import { LoadPanel } from '@meridian/shared/ui/load-panel';
import { AgentField, findClients, findLeads, PersonField } from '../parts/person-select';
import {
  ACTIVITY_FORM_FIELDS,
  activityFormResolver,
  activityFormValuesOf,
  emptyActivityForm,
  peopleOf,
  type ActivityFormInput,
} from './activity-form-schema';
import { ACTIVITIES_PATH, ACTIVITY_API, activityViewPath } from './activity-paths';
import { ACTIVITY_TEXT } from './activity-text';
import { typeChoices, useActivityCatalogue } from './use-activity-catalogue';
import { useCan } from '@meridian/shared/session/use-can';
import { activities, clients, leads } from '@meridian/shared/contract/areas/sales';

/** Links the user may not search for (no CLIENTS or SALES/LEADS): shown, and kept as they are on saving. */
function LinkedPeople({ label, people }: { label: string; people: readonly { Id: string; firstName: string; lastName: string }[] }) {
  return <Form.Item label={label}>{people.length ? people.map(fullName).join(', ') : '—'}</Form.Item>;
}

function ActivityForm({ activity }: { activity?: Activity }) {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const catalogue = useActivityCatalogue();
  const canSearchClients = useCan(clients, 'read');
  const canSearchLeads = useCan(leads, 'read');
  const canView = useCan(activities, 'view');
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, setError, setValue, trigger, formState } = useForm<ActivityFormInput, unknown, ActivitySave>({
    resolver: activityFormResolver(),
    mode: 'onChange',
    defaultValues: activity ? activityFormValuesOf(activity) : emptyActivityForm(),
  });
  const [lat, lng, startDate, endDate] = useWatch({ control, name: ['lat', 'lng', 'startDate', 'endDate'] });

  // The start and the end are checked together ("the end cannot be before the start"), as are the coordinates.
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    void trigger(['startDate', 'endDate', 'lat', 'lng']);
  }, [lat, lng, startDate, endDate, trigger]);

  const types = useMemo(() => {
    const active = typeChoices(catalogue.types);
    // A type that is no longer active still names the activity's own.
    if (activity?.activityTypeId && !active.some((t) => t.value === activity.activityTypeId)) {
      active.unshift({ value: activity.activityTypeId, label: activity.typeDesc ?? activity.activityTypeId });
    }
    return active;
  }, [catalogue.types, activity]);

  const pick = (position: { lat: number; lng: number }) => {
    setValue('lat', position.lat, { shouldDirty: true, shouldTouch: true });
    setValue('lng', position.lng, { shouldDirty: true, shouldTouch: true });
  };

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const { data } = activity
        ? await api.put<Activity>(ACTIVITY_API.one(activity.Id), values)
        : await api.post<Activity>(ACTIVITY_API.list, values);
      void message.success(activity ? ACTIVITY_TEXT.activitySaved : ACTIVITY_TEXT.activityCreated);
      void navigate(canView ? activityViewPath(data.Id) : ACTIVITIES_PATH);
    } catch (error) {
      setFailure(applyFieldErrors(error, ACTIVITY_FORM_FIELDS, setError));
    }
  });

  return (
    <FormFrame onSubmit={submit}>
      {catalogue.failed && (
        <Alert
          type="error"
          showIcon
          title={ACTIVITY_TEXT.catalogueFailed}
          style={{ marginBottom: 16 }}
          action={
            <Button size="small" onClick={catalogue.reload}>
              {MESSAGES.retry}
            </Button>
          }
        />
      )}
      <Row gutter={24}>
        <Col xs={24} lg={12}>
          <TextField control={control} name="name" label={ACTIVITY_TEXT.name} autoComplete="off" autoFocus={!activity} />
          <SelectField
            control={control}
            name="activityTypeId"
            label={ACTIVITY_TEXT.type}
            options={types}
            loading={catalogue.loading}
            placeholder={ACTIVITY_TEXT.chooseType}
          />
          <Row gutter={16}>
            <Col xs={24} sm={12}>
              <DateTimeField control={control} name="startDate" label={ACTIVITY_TEXT.startDateTime} />
            </Col>
            <Col xs={24} sm={12}>
              <DateTimeField control={control} name="endDate" label={ACTIVITY_TEXT.endDateTime} extra={ACTIVITY_TEXT.endHint} emptyAsNull />
            </Col>
          </Row>
          <TextAreaField control={control} name="description" label={ACTIVITY_TEXT.description} rows={4} />
          <AgentField
            control={control}
            name="assignedUserIds"
            label={ACTIVITY_TEXT.agentsToAssign}
            multiple
            known={activity ? peopleOf(activity.assignedUsers) : []}
            extra={ACTIVITY_TEXT.agentsHint}
          />
          {canSearchClients ? (
            <PersonField
              control={control}
              name="clientIds"
              label={ACTIVITY_TEXT.clients}
              find={findClients}
              multiple
              known={activity ? peopleOf(activity.clients) : []}
            />
          ) : (
            <LinkedPeople label={ACTIVITY_TEXT.clients} people={activity?.clients ?? []} />
          )}
          {canSearchLeads ? (
            <PersonField
              control={control}
              name="leadIds"
              label={ACTIVITY_TEXT.leads}
              find={findLeads}
              multiple
              known={activity ? peopleOf(activity.leads) : []}
            />
          ) : (
            <LinkedPeople label={ACTIVITY_TEXT.leads} people={activity?.leads ?? []} />
          )}
        </Col>
        <Col xs={24} lg={12}>
          <TextField
            control={control}
            name="location"
            label={ACTIVITY_TEXT.location}
            autoComplete="off"
            emptyAsNull
            extra={ACTIVITY_TEXT.locationHint}
          />
          <Row gutter={16}>
            <Col span={12}>
              <NumberField control={control} name="lat" label={ACTIVITY_TEXT.latitude} step={0.0001} />
            </Col>
            <Col span={12}>
              <NumberField control={control} name="lng" label={ACTIVITY_TEXT.longitude} step={0.0001} />
            </Col>
          </Row>
          <Form.Item label={ACTIVITY_TEXT.mapPosition} extra={ACTIVITY_TEXT.mapHint}>
            <MapPicker lat={lat} lng={lng} onPick={pick} label={ACTIVITY_TEXT.mapLabel} height={320} />
          </Form.Item>
        </Col>
      </Row>
      <FormAlert text={failure} />
      <SubmitButton busy={formState.isSubmitting}>{activity ? MESSAGES.save : ACTIVITY_TEXT.createActivity}</SubmitButton>
    </FormFrame>
  );
}

function EditActivity({ id }: { id: string }) {
  const loaded = useLoad((signal) => api.get<Activity>(ACTIVITY_API.one(id), { signal }).then((r) => r.data), [id]);
  return (
    <PageFrame
      subtitle={loaded.status === 'loaded' ? loaded.data.name : undefined}
      actions={<LinkButton to={activityViewPath(id)}>{ACTIVITY_TEXT.backToActivity}</LinkButton>}
    >
      <LoadPanel state={loaded}>{(activity) => <ActivityForm key={activity.Id} activity={activity} />}</LoadPanel>
    </PageFrame>
  );
}

export default function ActivityFormPage() {
  const { id } = useParams();
  if (id) return <EditActivity id={id} />;
  return (
    <PageFrame actions={<LinkButton to={ACTIVITIES_PATH}>{ACTIVITY_TEXT.backToActivities}</LinkButton>}>
      <ActivityForm />
    </PageFrame>
  );
}
