/**
 * The change log of a field device (sales spec 4): what a field user did while offline, recorded as
 * entityId, userId, entityType, dateModified and changeType, with the API call that makes the change
 * on the server and the Idempotency-Key it is sent with, so that sending it twice changes nothing twice.
 */
import type { HttpMethod } from '../http/http-client';

export type FieldChangeType = 'INSERT' | 'UPDATE' | 'DELETE';
export type FieldEntityType = 'activity' | 'activity_status' | 'lead' | 'agent_action';

export interface FieldChange {
  /** Order on the device: changes are sent oldest first. */
  seq: number;
  entityId: string;
  userId: string;
  entityType: FieldEntityType;
  changeType: FieldChangeType;
  /** ISO time the change was made on the device. */
  dateModified: string;
  call: { method: HttpMethod; path: string; body: unknown };
  idempotencyKey: string;
  /** A change the server refused is kept, with its answer, until the user discards it. */
  refusal: string | null;
}

export type NewFieldChange = Omit<FieldChange, 'seq' | 'idempotencyKey' | 'refusal' | 'dateModified' | 'userId'>;
