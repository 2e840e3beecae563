/**
 * The client form's schema is the contract's (shared/contract/client clientSaveSchema), so the browser
 * checks exactly what the API checks: first name 1 to 20 letters with no digits or special
 * characters, the phone rule (0 followed by 9 digits), an ID number of 13 or more digits, the e-mail
 * rule, a date of birth not in the future, and both coordinates or neither. The owning tenant is left
 * out: a new client belongs to the tenant the user acts for, and an edited one stays where it is.
 */
import { clientSaveSchema, type Client } from '@meridian/shared/contract/client';

export const clientFormSchema = clientSaveSchema;
export type ClientFormInput = (typeof clientFormSchema)['_zod']['input'];

/** The fields a server refusal may name, for applyFieldErrors. */
export const CLIENT_FORM_FIELDS = [
  'firstName',
  'lastName',
  'emailAddress',
  'mobile',
  'idNumber',
  'dateOfBirth',
  'gender',
  'addressLine',
  'city',
  'postcode',
  'country',
  'lat',
  'lng',
] as const;

export const clientFormValues = (client?: Client): ClientFormInput => ({
  firstName: client?.firstName ?? '',
  lastName: client?.lastName ?? '',
  emailAddress: client?.emailAddress ?? null,
  mobile: client?.mobile ?? null,
  idNumber: client?.idNumber ?? null,
  dateOfBirth: client?.dateOfBirth ?? null,
  gender: client?.gender ?? '',
  addressLine: client?.addressLine ?? null,
  city: client?.city ?? null,
  postcode: client?.postcode ?? null,
  country: client?.country ?? null,
  lat: client?.lat ?? null,
  lng: client?.lng ?? null,
});
