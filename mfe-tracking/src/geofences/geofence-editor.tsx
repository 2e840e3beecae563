/**
 * A geofence or point of interest drawn and named in a drawer over the list: the map (geofence-map.tsx)
 * beside the form of the product's pattern (react-hook-form with the contract's schema). The drawn
 * shape is a form value: a circle's radius fills the radius field, a corridor takes its width from the
 * width field. Once saved, the fence's device links are managed below the form (a new fence stays open
 * for that).
 */
import { useEffect, useState } from 'react';
import { App, Col, Drawer, Form, Row, Typography } from 'antd';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { GeoDeviceMapItem } from '@meridian/shared/contract/geo-device';
import type { Geofence, GeofenceType } from '@meridian/shared/contract/geofence';
import { api } from '@meridian/shared/http/api';
import { applyFieldErrors } from '@meridian/shared/http/api-errors';
import { useLoad } from '@meridian/shared/http/use-load';
import { MESSAGES } from '@meridian/shared/messages';
import { useSession } from '@meridian/shared/session/session-store';
import { FormAlert, FormFrame, NumberField, SubmitButton, TextAreaField, TextField } from '@meridian/shared/ui/form-fields';
import { usePhoneScreen } from '@meridian/shared/ui/screen-size';
import { TRACKING_API } from '../parts/tracking-api';
import { TRACKING_TEXT } from '../parts/tracking-text';
import type { DrawnGeometry } from './geofence-drawing';
import {
  DEFAULT_CORRIDOR_WIDTH_M,
  GEOFENCE_FORM_FIELDS,
  geofenceFormSchema,
  geofenceFormValues,
  type GeofenceFormInput,
  type GeofenceFormValues,
} from './geofence-form-schema';
import { GeofenceDevices } from './geofence-devices';
import { GeofenceMap } from './geofence-map';

const saveUrl = (type: GeofenceType, id: string) => (type === 'poi' ? TRACKING_API.poi(id) : TRACKING_API.fence(id));

function GeofenceForm({
  type,
  fence,
  devices,
  onSaved,
}: {
  type: GeofenceType;
  fence: Geofence | null;
  devices: readonly GeoDeviceMapItem[];
  onSaved(saved: Geofence, created: boolean): void;
}) {
  const { message } = App.useApp();
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, setError, setValue, formState } = useForm<GeofenceFormInput, unknown, GeofenceFormValues>({
    resolver: zodResolver(geofenceFormSchema) as never,
    mode: 'onChange',
    defaultValues: geofenceFormValues(type, fence),
  });
  const [geometry, radius, width] = useWatch({ control, name: ['geometry', 'radius', 'width'] });
  const kind = geometry?.type ?? null;

  const drawn = (result: DrawnGeometry | null) => {
    const options = { shouldDirty: true, shouldValidate: true };
    setValue('geometry', result?.geometry ?? null, options);
    if (result?.geometry.type === 'Point') setValue('radius', result.radius, options);
    else setValue('radius', null, options);
    if (result?.geometry.type === 'LineString') {
      if (!width) setValue('width', DEFAULT_CORRIDOR_WIDTH_M, options);
    } else setValue('width', null, options);
  };

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const { data } = fence
        ? await api.put<Geofence>(saveUrl(type, fence.id), values)
        : await api.post<Geofence>(TRACKING_API.fences, values);
      void message.success(fence ? TRACKING_TEXT.geofenceSaved : TRACKING_TEXT.geofenceCreated);
      onSaved(data, !fence);
    } catch (error) {
      setFailure(applyFieldErrors(error, GEOFENCE_FORM_FIELDS, setError));
    }
  });
  const geometryError = formState.errors.geometry?.message ?? (formState.isSubmitted && !geometry ? TRACKING_TEXT.noShapeYet : undefined);

  return (
    <Row gutter={[24, 16]}>
      <Col xs={24} lg={14}>
        <GeofenceMap
          type={type}
          initial={fence ? { geometry: fence.geometry, radius: fence.radius, width: fence.width } : null}
          radius={typeof radius === 'number' ? radius : null}
          width={typeof width === 'number' ? width : null}
          devices={devices}
          onDrawn={drawn}
        />
      </Col>
      <Col xs={24} lg={10}>
        <FormFrame onSubmit={submit}>
          <TextField control={control} name="name" label={MESSAGES.name} autoComplete="off" autoFocus={!fence} />
          <TextAreaField control={control} name="description" label={TRACKING_TEXT.description} rows={3} />
          <Form.Item label={TRACKING_TEXT.shape} validateStatus={geometryError ? 'error' : undefined} help={geometryError}>
            <Typography.Text data-testid="drawn-shape">
              {kind === 'Point'
                ? TRACKING_TEXT.circle
                : kind === 'Polygon'
                  ? TRACKING_TEXT.polygon
                  : kind === 'LineString'
                    ? TRACKING_TEXT.corridor
                    : TRACKING_TEXT.noShapeDrawn}
            </Typography.Text>
          </Form.Item>
          {kind === 'Point' && <NumberField control={control} name="radius" label={TRACKING_TEXT.radius} step={10} />}
          {kind === 'LineString' && (
            <NumberField control={control} name="width" label={TRACKING_TEXT.width} step={10} extra={TRACKING_TEXT.widthHint} />
          )}
          <FormAlert text={failure} />
          <SubmitButton busy={formState.isSubmitting}>{fence ? MESSAGES.save : TRACKING_TEXT.createGeofence}</SubmitButton>
        </FormFrame>
        <div style={{ marginTop: 24 }}>
          {fence ? (
            <GeofenceDevices geofenceId={fence.id} devices={devices} />
          ) : (
            <Typography.Text type="secondary">{TRACKING_TEXT.linkDevicesAfterSave}</Typography.Text>
          )}
        </div>
      </Col>
    </Row>
  );
}

/** `fence` undefined: closed; null: a new one of `type`; a fence: edit it. */
export function GeofenceEditor({
  type,
  fence,
  onClose,
  onSaved,
}: {
  type: GeofenceType;
  fence: Geofence | null | undefined;
  onClose(): void;
  onSaved(): void;
}) {
  const phone = usePhoneScreen();
  const userId = useSession((state) => state.user?.Id ?? '');
  // A new fence stays open once created, to link its devices.
  const [created, setCreated] = useState<Geofence | null>(null);
  useEffect(() => setCreated(null), [fence]);
  const shown = created ?? fence;
  const open = fence !== undefined;
  const devices = useLoad(
    (signal) =>
      open ? api.get<GeoDeviceMapItem[]>(TRACKING_API.devicesOnMap(userId), { signal }).then((r) => r.data) : Promise.resolve([]),
    [open, userId],
  );
  const title = shown
    ? type === 'poi'
      ? TRACKING_TEXT.editPoi
      : TRACKING_TEXT.editGeofence
    : type === 'poi'
      ? TRACKING_TEXT.newPoi
      : TRACKING_TEXT.newGeofence;

  return (
    <Drawer title={title} open={open} onClose={onClose} size={phone ? '100%' : 1100} destroyOnHidden>
      {open && (
        <GeofenceForm
          key={shown?.id ?? 'new'}
          type={type}
          fence={shown ?? null}
          devices={devices.status === 'loaded' ? devices.data : []}
          onSaved={(saved, wasCreated) => {
            if (wasCreated) setCreated(saved);
            onSaved();
          }}
        />
      )}
    </Drawer>
  );
}
