/**
 * Add a location (/admin/locations/create) or edit one (/admin/locations/edit/:id): its name,
 * address, an optional point (typed, or picked on the shared map, which only reports picks: the
 * latitude and longitude fields hold the point) and whether it is active. Checked as the user types
 * against the contract's rules; a refusal keeps what was typed.
 */
import { useEffect, useRef, useState } from 'react';
import { App, Col, Form, Row } from 'antd';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate, useParams } from 'react-router';
import { locationSaveSchema, type Location } from '@meridian/shared/contract/location';
import { api } from '@meridian/shared/http/api';
import { applyFieldErrors } from '@meridian/shared/http/api-errors';
import { useLoad } from '@meridian/shared/http/use-load';
import { MESSAGES } from '@meridian/shared/messages';
import { FormAlert, FormFrame, NumberField, SubmitButton, SwitchField, TextAreaField, TextField } from '@meridian/shared/ui/form-fields';
import { MapPicker } from '@meridian/shared/ui/map-picker';
import { PageFrame } from '@meridian/shared/ui/page-frame';
import { LinkButton } from '@meridian/shared/ui/link-button';
import { LoadPanel } from '@meridian/shared/ui/load-panel';
import { LOCATIONS_LIST_PATH } from './location-paths';
import { ADMIN_TEXT } from '../parts/admin-text';
import { LOCATION_TEXT } from './location-text';

type LocationFormInput = (typeof locationSaveSchema)['_zod']['input'];
const FIELDS = ['name', 'address', 'lat', 'lng', 'active'] as const;

const valuesOf = (location?: Location): LocationFormInput => ({
  name: location?.name ?? '',
  address: location?.address ?? null,
  lat: location?.lat ?? null,
  lng: location?.lng ?? null,
  active: location?.active ?? true,
});

function LocationForm({ location }: { location?: Location }) {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, setError, setValue, trigger, formState } = useForm({
    resolver: zodResolver(locationSaveSchema),
    mode: 'onChange',
    defaultValues: valuesOf(location),
  });
  const [lat, lng] = useWatch({ control, name: ['lat', 'lng'] });

  // Latitude and longitude are one point: a change to either re-checks both ("give both, or neither").
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
      if (location) await api.put<Location>(`/api/locations/${encodeURIComponent(location.Id)}`, values);
      else await api.post<Location>('/api/locations', values);
      void message.success(location ? LOCATION_TEXT.locationSaved : LOCATION_TEXT.locationCreated);
      void navigate(LOCATIONS_LIST_PATH);
    } catch (error) {
      setFailure(applyFieldErrors(error, FIELDS, setError));
    }
  });

  return (
    <FormFrame onSubmit={submit}>
      <Row gutter={24}>
        <Col xs={24} lg={10}>
          <TextField control={control} name="name" label={MESSAGES.name} autoComplete="off" autoFocus={!location} />
          <TextAreaField control={control} name="address" label={LOCATION_TEXT.address} rows={3} />
          <Row gutter={16}>
            <Col span={12}>
              <NumberField control={control} name="lat" label={MESSAGES.latitude} step={0.0001} />
            </Col>
            <Col span={12}>
              <NumberField control={control} name="lng" label={MESSAGES.longitude} step={0.0001} />
            </Col>
          </Row>
          <SwitchField control={control} name="active" label={ADMIN_TEXT.active} extra={LOCATION_TEXT.locationActiveHint} />
          <FormAlert text={failure} />
          <SubmitButton busy={formState.isSubmitting}>{location ? MESSAGES.save : LOCATION_TEXT.createLocation}</SubmitButton>
        </Col>
        <Col xs={24} lg={14}>
          <Form.Item label={MESSAGES.location} extra={ADMIN_TEXT.mapPickHint}>
            <MapPicker lat={lat} lng={lng} onPick={pick} label={MESSAGES.mapLabel} height={380} />
          </Form.Item>
        </Col>
      </Row>
    </FormFrame>
  );
}

const backToLocations = <LinkButton to={LOCATIONS_LIST_PATH}>{LOCATION_TEXT.backToLocations}</LinkButton>;

function EditLocation({ id }: { id: string }) {
  const loaded = useLoad((signal) => api.get<Location>(`/api/locations/${encodeURIComponent(id)}`, { signal }).then((r) => r.data), [id]);
  return (
    <PageFrame
      title={LOCATION_TEXT.editLocation}
      subtitle={loaded.status === 'loaded' ? loaded.data.name : undefined}
      actions={backToLocations}
    >
      <LoadPanel state={loaded}>{(location) => <LocationForm key={location.Id} location={location} />}</LoadPanel>
    </PageFrame>
  );
}

export default function LocationFormPage() {
  const { id } = useParams();
  if (id) return <EditLocation id={id} />;
  return (
    <PageFrame title={LOCATION_TEXT.newLocation} actions={backToLocations}>
      <LocationForm />
    </PageFrame>
  );
}
