/**
 * Add a lead (/sales/leads/create) or edit one (/sales/leads/edit/:id): the person, how to reach them,
 * status, consent and affordability (a new lead shows the spec's defaults: New, NONE PROVIDED, NONE),
 * where they are (coordinates 0 until picked on the map, typed or taken from this device) and their
 * addresses. Fields are checked as the user types against the contract's rules. A refusal keeps what
 * was typed: the server's sentence above the button (for a duplicate, the spec's 'Unable to create
 * lead, lead already exists.') and its field messages under the contact number or e-mail address.
 * The edit page also lists the lead's status history. A field user offline creates the lead on the
 * device (leads-offline.ts): 'Lead inserted successfully offline.', and the leads list shows it waiting to send.
 */
import { useState } from 'react';
import { App, Button, Col, Divider, Form, Row, Timeline, Typography } from 'antd';
import { AimOutlined } from '@ant-design/icons';
import { useNavigate, useParams } from 'react-router';
import { useForm, useWatch, type FieldPath } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Lead, LeadSave } from '@meridian/shared/contract/lead';
import { currentDevicePosition, isUsablePosition } from '@meridian/shared/device-position';
import { normaliseCoordinate } from '@meridian/shared/geo';
import { api } from '@meridian/shared/http/api';
import { isApiError } from '@meridian/shared/http/api-error';
import { applyFieldErrors } from '@meridian/shared/http/api-errors';
import { useLoad } from '@meridian/shared/http/use-load';
import { MESSAGES } from '@meridian/shared/messages';
import { onServerOrDevice } from '@meridian/shared/offline/field-sync';
import { FormAlert, FormFrame, NumberField, SelectField, SubmitButton, TextField } from '@meridian/shared/ui/form-fields';
import { MapPicker } from '@meridian/shared/ui/map-picker';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { fullName } from '@meridian/shared/format';
import { LinkButton } from '@meridian/shared/ui/link-button';
import { LoadPanel } from '@meridian/shared/ui/load-panel';
import { LeadAddresses } from './lead-addresses';
import {
  ADDRESS_FIELDS,
  CONSENT_CHOICES,
  LEAD_FORM_FIELDS,
  leadFormSchema,
  leadFormValues,
  OUTCOME_CHOICES,
  STATUS_CHOICES,
  type LeadFormInput,
} from './lead-form-schema';
import { LEADS_API, LEADS_LIST_PATH } from './lead-paths';
import { saveLeadOnDevice } from './leads-offline';
import { LEAD_TEXT } from './lead-text';
import { useTenantFormat } from '@meridian/shared/session/use-tenant-format';

/** The form's own fields and every address row's, for the server's field messages. */
const fieldsFor = (addressCount: number) =>
  [
    ...LEAD_FORM_FIELDS,
    ...Array.from({ length: addressCount }, (_, i) => ADDRESS_FIELDS.map((field) => `addresses.${i}.${field}`)).flat(),
  ] as FieldPath<LeadFormInput>[];

function LeadForm({ lead }: { lead?: Lead }) {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [failure, setFailure] = useState<string | null>(null);
  const [locating, setLocating] = useState(false);
  const { control, handleSubmit, setError, setValue, formState } = useForm({
    resolver: zodResolver(leadFormSchema),
    mode: 'onChange',
    defaultValues: leadFormValues(lead),
  });
  const [latitude, longitude] = useWatch({ control, name: ['latitude', 'longitude'] });

  const place = (position: { lat: number; lng: number }) => {
    setValue('latitude', position.lat, { shouldDirty: true, shouldTouch: true, shouldValidate: true });
    setValue('longitude', position.lng, { shouldDirty: true, shouldTouch: true, shouldValidate: true });
  };

  const takeDevicePosition = async () => {
    setLocating(true);
    const position = await currentDevicePosition();
    setLocating(false);
    if (position.problem || !isUsablePosition(position)) {
      void message.warning(`${MESSAGES.noPosition}: ${position.problem ?? MESSAGES.geoUnknown}`);
      return;
    }
    place({ lat: normaliseCoordinate(position.latitude), lng: normaliseCoordinate(position.longitude) });
  };

  // A new lead made offline by a field user is kept on the device and sent by the sync (leads-offline.ts);
  // the list shows it as waiting to send, as it shows a lead saved online.
  const createOnDevice = async (values: LeadSave) => {
    await saveLeadOnDevice(values);
    void message.success(MESSAGES.leadInsertedOffline);
    void navigate(LEADS_LIST_PATH);
  };

  const savedOnServer = (text: string) => {
    void message.success(text);
    void navigate(LEADS_LIST_PATH);
  };

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      if (lead) {
        await api.put<Lead>(LEADS_API.one(lead.Id), values);
        savedOnServer(LEAD_TEXT.leadSaved);
      } else {
        await onServerOrDevice(
          async () => {
            await api.post<Lead>(LEADS_API.create, values);
            savedOnServer(LEAD_TEXT.leadCreated);
          },
          () => createOnDevice(values),
        );
      }
    } catch (error) {
      const leftOver = applyFieldErrors(error, fieldsFor(values.addresses?.length ?? 0), setError);
      // A duplicate names its fields and says why in one sentence (the spec's message): both are shown.
      setFailure(leftOver ?? (isApiError(error) ? error.message : null));
    }
  });

  const third = { xs: 24, md: 8 };
  const half = { xs: 24, md: 12 };
  return (
    <FormFrame onSubmit={submit}>
      <Divider titlePlacement="start">{LEAD_TEXT.person}</Divider>
      <Row gutter={16}>
        <Col {...half}>
          <TextField control={control} name="firstName" label={MESSAGES.firstName} autoComplete="off" autoFocus={!lead} />
        </Col>
        <Col {...half}>
          <TextField control={control} name="lastName" label={MESSAGES.lastName} autoComplete="off" />
        </Col>
        <Col {...half}>
          <TextField control={control} name="idNumber" label={LEAD_TEXT.idNumber} autoComplete="off" emptyAsNull />
        </Col>
        <Col {...half}>
          <TextField control={control} name="empNumber" label={LEAD_TEXT.empNumber} autoComplete="off" emptyAsNull />
        </Col>
      </Row>
      <Divider titlePlacement="start">{LEAD_TEXT.contact}</Divider>
      <Row gutter={16}>
        <Col xs={24} md={4}>
          <TextField control={control} name="countryCode" label={LEAD_TEXT.countryCode} autoComplete="off" emptyAsNull />
        </Col>
        <Col xs={24} md={8}>
          <TextField control={control} name="contactNumber" label={LEAD_TEXT.contactNumber} type="tel" autoComplete="off" />
        </Col>
        <Col {...half}>
          <TextField control={control} name="emailAddress" label={MESSAGES.emailAddress} type="email" autoComplete="off" emptyAsNull />
        </Col>
      </Row>
      <Divider titlePlacement="start">{LEAD_TEXT.progress}</Divider>
      <Row gutter={16}>
        <Col {...third}>
          <SelectField control={control} name="status" label={MESSAGES.status} options={STATUS_CHOICES} />
        </Col>
        <Col {...third}>
          <SelectField control={control} name="consentStatus" label={LEAD_TEXT.consentStatus} options={CONSENT_CHOICES} />
        </Col>
        <Col {...third}>
          <SelectField control={control} name="affordabilityOutcome" label={LEAD_TEXT.affordabilityOutcome} options={OUTCOME_CHOICES} />
        </Col>
        <Col {...half}>
          <NumberField control={control} name="installmentAmount" label={LEAD_TEXT.installmentAmount} step={0.01} />
        </Col>
        <Col {...half}>
          <NumberField control={control} name="totalAffordability" label={LEAD_TEXT.totalAffordability} step={0.01} />
        </Col>
      </Row>
      <Divider titlePlacement="start">{LEAD_TEXT.position}</Divider>
      <Row gutter={24}>
        <Col xs={24} lg={10} role="group" aria-label={LEAD_TEXT.position}>
          <TextField control={control} name="location" label={MESSAGES.location} emptyAsNull />
          <Row gutter={16}>
            <Col span={12}>
              <NumberField control={control} name="latitude" label={MESSAGES.latitude} step={0.0001} />
            </Col>
            <Col span={12}>
              <NumberField control={control} name="longitude" label={MESSAGES.longitude} step={0.0001} />
            </Col>
          </Row>
          <Button icon={<AimOutlined />} loading={locating} onClick={() => void takeDevicePosition()}>
            {LEAD_TEXT.useMyPosition}
          </Button>
        </Col>
        <Col xs={24} lg={14}>
          <Form.Item label={MESSAGES.mapLabel} extra={LEAD_TEXT.positionHint}>
            <MapPicker
              lat={typeof latitude === 'number' ? latitude : 0}
              lng={typeof longitude === 'number' ? longitude : 0}
              onPick={place}
              label={MESSAGES.mapLabel}
              height={300}
            />
          </Form.Item>
        </Col>
      </Row>
      <Divider />
      <LeadAddresses control={control} />
      <Divider />
      <FormAlert text={failure} />
      <SubmitButton busy={formState.isSubmitting}>{lead ? MESSAGES.save : LEAD_TEXT.createLead}</SubmitButton>
    </FormFrame>
  );
}

function StatusHistory({ lead }: { lead: Lead }) {
  const format = useTenantFormat();
  if (lead.statusHistory.length === 0) return null;
  return (
    <>
      <Divider titlePlacement="start">{LEAD_TEXT.statusHistory}</Divider>
      <Timeline
        items={lead.statusHistory.map((change) => ({
          key: change.Id,
          content: (
            <Typography.Text>
              {change.status}{' '}
              <Typography.Text type="secondary">
                · {format.moment(change.dateCreated)}
                {change.changedBy ? ` · ${change.changedBy}` : ''}
              </Typography.Text>
            </Typography.Text>
          ),
        }))}
      />
    </>
  );
}

const backToLeads = <LinkButton to={LEADS_LIST_PATH}>{LEAD_TEXT.backToLeads}</LinkButton>;

function EditLead({ id }: { id: string }) {
  const loaded = useLoad((signal) => api.get<Lead>(LEADS_API.one(id), { signal }).then((r) => r.data), [id]);
  return (
    <PageFrame title={LEAD_TEXT.editLead} subtitle={loaded.status === 'loaded' ? fullName(loaded.data) : undefined} actions={backToLeads}>
      <LoadPanel state={loaded}>
        {(lead) => (
          <>
            <LeadForm key={lead.Id} lead={lead} />
            <StatusHistory lead={lead} />
          </>
        )}
      </LoadPanel>
    </PageFrame>
  );
}

export default function LeadFormPage() {
  const { id } = useParams();
  if (id) return <EditLead id={id} />;
  return (
    <PageFrame title={LEAD_TEXT.newLead} actions={backToLeads}>
      <LeadForm />
    </PageFrame>
  );
}
