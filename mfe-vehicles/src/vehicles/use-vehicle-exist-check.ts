/**
 * The existence check as the user types (tracking spec 5 and 8: POST /vehicles/exist with the
 * registration number, engine number and VIN; the server decides). Once typing pauses, the server is
 * asked which of the three another vehicle of the company already carries; the vehicle being edited is
 * left out. Offline, or when the call fails, the check answers success false (spec 8): the form says it
 * could not check and still lets the user save, since the server refuses a duplicate on save anyway.
 */
import { useEffect, useState } from 'react';
import type { VehicleExistence } from '@meridian/shared/contract/vehicle';
import { api } from '@meridian/shared/http/api';
import { isAbortError } from '@meridian/shared/http/api-error';
import { useSession } from '@meridian/shared/session/session-store';
import { VEHICLES_API } from '../parts/vehicles-api';

export const EXIST_CHECK_DELAY_MS = 400;

/** The three identifiers as the form holds them (an optional one may be empty or missing). */
export interface IdentifierValues {
  registrationNumber?: string | null;
  engineNumber?: string | null;
  vehicleIdentificationNumber?: string | null;
}

export type ExistCheckAnswer = { success: true; data: VehicleExistence } | { success: false };

const trimmed = (value: string | null | undefined) => value?.trim() || undefined;

/** One check: success false offline or on any failure, never a thrown error. */
export async function checkVehicleExists(
  values: IdentifierValues,
  exceptId: string | null,
  online: boolean,
  signal?: AbortSignal,
): Promise<ExistCheckAnswer> {
  if (!online) return { success: false };
  const body = {
    registrationNumber: trimmed(values.registrationNumber),
    engineNumber: trimmed(values.engineNumber),
    vehicleIdentificationNumber: trimmed(values.vehicleIdentificationNumber),
    ...(exceptId ? { exceptId } : {}),
  };
  try {
    const { data } = await api.post<VehicleExistence>(VEHICLES_API.exist, body, { signal });
    return { success: true, data };
  } catch (error) {
    if (isAbortError(error)) throw error;
    return { success: false };
  }
}

export type ExistCheckState = { state: 'idle' } | { state: 'checking' } | ExistCheckAnswer;

export function useVehicleExistCheck(
  { registrationNumber, engineNumber, vehicleIdentificationNumber }: IdentifierValues,
  exceptId: string | null,
) {
  const online = useSession((s) => s.networkOnline);
  const [check, setCheck] = useState<ExistCheckState>({ state: 'idle' });
  useEffect(() => {
    const values = { registrationNumber, engineNumber, vehicleIdentificationNumber };
    if (!trimmed(registrationNumber) && !trimmed(engineNumber) && !trimmed(vehicleIdentificationNumber)) {
      setCheck({ state: 'idle' });
      return undefined;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setCheck({ state: 'checking' });
      checkVehicleExists(values, exceptId, online, controller.signal).then(setCheck, () => undefined);
    }, EXIST_CHECK_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [registrationNumber, engineNumber, vehicleIdentificationNumber, exceptId, online]);
  return check;
}
