/**
 * Add a client (/clients/create) or edit one (/clients/edit/:id): name, contact details, ID number,
 * date of birth, gender, address and an optional point (typed, or picked on the shared map, which only
 * reports picks). Fields are checked as the user types against the contract's rules; a refusal keeps
 * what was typed and puts the server's messages on the fields. Saving goes back to the list. The edit
 * page also names the groups the client is in.
 */
import { useEffect, useRef, useState } from 'react';
import { App, Col, Form, Row, Tag, Typography } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CLIENT_GENDERS, type Client } from '@meridian/shared/contract/client';
import { api } from '@meridian/shared/http/api';
import { applyFieldErrors } from '@meridian/shared/http/api-errors';
import { useLoad } from '@meridian/shared/http/use-load';
import { MESSAGES } from '@meridian/shared/messages';
import { FormAlert, FormFrame, NumberField, SelectField, SubmitButton, TextAreaField, TextField } from '@meridian/shared/ui/form-fields';
import { MapPicker } from '@meridian/shared/ui/map-picker';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { DateField } from '../parts/date-field';
import { fullName } from '@meridian/shared/format';
import { LinkButton } from '@meridian/shared/ui/link-button';
import { LoadPanel } from '@meridian/shared/ui/load-panel';
import { CLIENT_FORM_FIELDS, clientFormSchema, clientFormValues } from './client-form-schema';
import { CLIENTS_LIST_PATH } from './client-paths';
import { CLIENT_TEXT } from './client-text';

const GENDER_CHOICES = [
  { value: '', label: CLIENT_TEXT.genderNotGiven },
  ...CLIENT_GENDERS.map((gender) => ({ value: gender, label: gender.charAt(0) + gender.slice(1).toLowerCase() })),
];

function ClientForm({ client }: { client?: Client }) {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, setError, setValue, trigger, formState } = useForm({
    resolver: zodResolver(clientFormSchema),
    mode: 'onChange',
    defaultValues: clientFormValues(client),
  });
  const [lat, lng] = useWatch({ control, name: ['lat', 'lng'] });

  // Latitude and longitude are one point: a change to either re-checks both ("both, or neither").
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    void trigger(['lat', 'lng']);
  }, [lat, lng, trigger]);

  const pick = (position: { lat: number; lng: number }) => {
    setValue('lat', position.lat, { shouldDirty: true, shouldTouch: true });
    setValue('lng', position.lng, { shouldDirty: true, shouldTouch: true });
  };

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      if (client) await api.put<Client>(`/api/clients/${encodeURIComponent(client.Id)}`, values);
      else await api.post<Client>('/api/clients', values);
      void message.success(client ? CLIENT_TEXT.clientSaved : CLIENT_TEXT.clientCreated);
      void navigate(CLIENTS_LIST_PATH);
    } catch (error) {
      setFailure(applyFieldErrors(error, CLIENT_FORM_FIELDS, setError));
    }
  });

  const half = { xs: 24, md: 12 };
  return (
    <FormFrame onSubmit={submit}>
      <Row gutter={24}>
        <Col xs={24} lg={12}>
          <Row gutter={16}>
            <Col {...half}>
              <TextField control={control} name="firstName" label={MESSAGES.firstName} autoComplete="off" autoFocus={!client} />
            </Col>
            <Col {...half}>
              <TextField control={control} name="lastName" label={MESSAGES.lastName} autoComplete="off" />
            </Col>
            <Col {...half}>
              <TextField control={control} name="mobile" label={MESSAGES.mobile} type="tel" autoComplete="off" emptyAsNull />
            </Col>
            <Col {...half}>
              <TextField control={control} name="emailAddress" label={MESSAGES.emailAddress} type="email" autoComplete="off" emptyAsNull />
            </Col>
            <Col {...half}>
              <TextField control={control} name="idNumber" label={CLIENT_TEXT.idNumber} autoComplete="off" emptyAsNull />
            </Col>
            <Col {...half}>
              <DateField control={control} name="dateOfBirth" label={CLIENT_TEXT.dateOfBirth} />
            </Col>
            <Col {...half}>
              <SelectField control={control} name="gender" label={CLIENT_TEXT.gender} options={GENDER_CHOICES} />
            </Col>
            <Col span={24}>
              <TextAreaField control={control} name="addressLine" label={CLIENT_TEXT.addressLine} rows={2} />
            </Col>
            <Col {...half}>
              <TextField control={control} name="city" label={CLIENT_TEXT.city} emptyAsNull />
            </Col>
            <Col {...half}>
              <TextField control={control} name="postcode" label={CLIENT_TEXT.postcode} emptyAsNull />
            </Col>
            <Col {...half}>
              <TextField control={control} name="country" label={CLIENT_TEXT.country} emptyAsNull />
            </Col>
          </Row>
          {client && (
            <Form.Item label={CLIENT_TEXT.groups}>
              {client.groups.length ? (
                client.groups.map((g) => <Tag key={g.Id}>{g.name}</Tag>)
              ) : (
                <Typography.Text type="secondary">{CLIENT_TEXT.noGroupsOfClient}</Typography.Text>
              )}
            </Form.Item>
          )}
        </Col>
        <Col xs={24} lg={12}>
          <Row gutter={16}>
            <Col span={12}>
              <NumberField control={control} name="lat" label={MESSAGES.latitude} step={0.0001} />
            </Col>
            <Col span={12}>
              <NumberField control={control} name="lng" label={MESSAGES.longitude} step={0.0001} />
            </Col>
          </Row>
          <Form.Item label={MESSAGES.location} extra={CLIENT_TEXT.coordinatesHint}>
            <MapPicker
              lat={typeof lat === 'number' ? lat : null}
              lng={typeof lng === 'number' ? lng : null}
              onPick={pick}
              label={MESSAGES.mapLabel}
              height={340}
            />
          </Form.Item>
        </Col>
      </Row>
      <FormAlert text={failure} />
      <SubmitButton busy={formState.isSubmitting}>{client ? MESSAGES.save : CLIENT_TEXT.createClient}</SubmitButton>
    </FormFrame>
  );
}

const backToClients = <LinkButton to={CLIENTS_LIST_PATH}>{CLIENT_TEXT.backToClients}</LinkButton>;

function EditClient({ id }: { id: string }) {
  const loaded = useLoad((signal) => api.get<Client>(`/api/clients/${encodeURIComponent(id)}`, { signal }).then((r) => r.data), [id]);
  return (
    <PageFrame
      title={CLIENT_TEXT.editClient}
      subtitle={loaded.status === 'loaded' ? fullName(loaded.data) : undefined}
      actions={backToClients}
    >
      <LoadPanel state={loaded}>{(client) => <ClientForm key={client.Id} client={client} />}</LoadPanel>
    </PageFrame>
  );
}

export default function ClientFormPage() {
  const { id } = useParams();
  if (id) return <EditClient id={id} />;
  return (
    <PageFrame title={CLIENT_TEXT.newClient} actions={backToClients}>
      <ClientForm />
    </PageFrame>
  );
}
