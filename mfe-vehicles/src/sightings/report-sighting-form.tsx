/**
 * Report a sighting of one wanted vehicle, on a phone (fits 390 px): the device's position from the shared
 * capture (asked for on opening, again on demand; its failure said in the browser's words), the time seen
 * (now by default), a note and a photo straight from the camera. The sighting is sent first, then its photo
 * as a multipart file; a failure of either is shown and what was typed stays.
 */
import { useCallback, useEffect, useId, useState } from 'react';
import { Alert, App, Button, Form, Typography } from 'antd';
import { EnvironmentOutlined } from '@ant-design/icons';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ASSET_PHOTOS } from '@meridian/shared/contract/asset';
import type { Sighting, WantedVehicle } from '@meridian/shared/contract/sighting';
import { currentDevicePosition, isUsablePosition, type DevicePosition } from '@meridian/shared/device-position';
import { api } from '@meridian/shared/http/api';
import { applyFieldErrors, errorText } from '@meridian/shared/http/api-errors';
import { DateTimeField, FormAlert, FormFrame, SubmitButton, TextAreaField } from '@meridian/shared/ui/form-fields';
import { RECOVERY_API } from '../dispatches/recovery-api';
import {
  REPORT_SIGHTING_FIELDS,
  reportSightingBody,
  reportSightingDefaults,
  reportSightingSchema,
  type ReportSightingInput,
  type ReportSightingValues,
} from './report-sighting-schema';
import { SIGHTING_TEXT } from './sighting-text';

type Capture = { state: 'finding' } | { state: 'done'; position: DevicePosition } | { state: 'failed'; problem: string };

export function ReportSightingForm({
  vehicle,
  locate = currentDevicePosition,
  onSent,
}: {
  vehicle: WantedVehicle;
  /** The device's position (the shared capture; tests give their own). */
  locate?: () => Promise<DevicePosition>;
  onSent(sighting: Sighting): void;
}) {
  const { message } = App.useApp();
  const photoId = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const [capture, setCapture] = useState<Capture>({ state: 'finding' });
  const [photo, setPhoto] = useState<File | null>(null);
  const { control, handleSubmit, setError, setValue, formState } = useForm<ReportSightingInput, unknown, ReportSightingValues>({
    resolver: zodResolver(reportSightingSchema),
    defaultValues: reportSightingDefaults(),
  });

  const capturePosition = useCallback(async () => {
    setCapture({ state: 'finding' });
    const position = await locate();
    if (!isUsablePosition(position) || position.problem) {
      setCapture({ state: 'failed', problem: position.problem ?? SIGHTING_TEXT.positionNeeded });
      return;
    }
    setValue('latitude', position.latitude, { shouldValidate: true });
    setValue('longitude', position.longitude, { shouldValidate: true });
    setValue('accuracy', position.accuracy);
    setCapture({ state: 'done', position });
  }, [locate, setValue]);

  useEffect(() => {
    void capturePosition();
  }, [capturePosition]);

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    let sent: Sighting;
    try {
      sent = (await api.post<Sighting>(RECOVERY_API.sightings, reportSightingBody(vehicle.repossessionId, values))).data;
    } catch (error) {
      setFailure(applyFieldErrors(error, REPORT_SIGHTING_FIELDS, setError));
      return;
    }
    if (photo) {
      try {
        const form = new FormData();
        form.append(ASSET_PHOTOS.field, photo, photo.name);
        sent = (await api.post<Sighting>(RECOVERY_API.sightingPhoto(sent.id), form)).data;
      } catch (error) {
        // The sighting itself is kept: say so, and let the spotter carry on.
        void message.warning(`${SIGHTING_TEXT.photoFailed} ${errorText(error)}`);
      }
    }
    void message.success(SIGHTING_TEXT.sent);
    onSent(sent);
  });

  const positionError = formState.errors.latitude?.message ?? formState.errors.longitude?.message;

  return (
    <FormFrame onSubmit={submit}>
      <Form.Item label={SIGHTING_TEXT.position} validateStatus={positionError ? 'error' : undefined} help={positionError}>
        {capture.state === 'done' && (
          <Typography.Text>
            {SIGHTING_TEXT.positionCaptured}: {capture.position.latitude.toFixed(6)}, {capture.position.longitude.toFixed(6)}
            {capture.position.accuracy !== null && ` ±${Math.round(capture.position.accuracy)} ${SIGHTING_TEXT.metres}`}
          </Typography.Text>
        )}
        {capture.state === 'failed' && <Alert type="warning" showIcon title={capture.problem} style={{ marginBottom: 8 }} />}
        <Button block icon={<EnvironmentOutlined />} loading={capture.state === 'finding'} onClick={() => void capturePosition()}>
          {capture.state === 'finding' ? SIGHTING_TEXT.capturingPosition : SIGHTING_TEXT.capturePosition}
        </Button>
      </Form.Item>
      <DateTimeField control={control} name="seenAt" label={SIGHTING_TEXT.timeSeen} />
      <TextAreaField control={control} name="note" label={SIGHTING_TEXT.note} rows={3} />
      <Form.Item label={SIGHTING_TEXT.photo} htmlFor={photoId} extra={SIGHTING_TEXT.photoHint}>
        <input
          id={photoId}
          type="file"
          accept="image/*"
          capture="environment"
          style={{ maxWidth: '100%' }}
          onChange={(event) => setPhoto(event.target.files?.[0] ?? null)}
        />
      </Form.Item>
      <FormAlert text={failure} />
      <SubmitButton busy={formState.isSubmitting}>{SIGHTING_TEXT.send}</SubmitButton>
    </FormFrame>
  );
}
