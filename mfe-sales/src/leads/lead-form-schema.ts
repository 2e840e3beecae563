/**
 * The lead form's schema is the contract's (shared/contract/lead leadSaveSchema), so the browser checks
 * exactly what the API checks (spec section 5): first name 1 to 20 letters with no digits or special
 * characters, a contact number of 0 followed by 9 digits, an ID number of 13 or more digits, the
 * e-mail rule, amounts and coordinates in range. A new lead shows the spec's defaults: status New,
 * consent NONE PROVIDED, affordability NONE and coordinates 0.
 */
import {
  LEAD_ADDRESS_TYPES,
  LEAD_AFFORDABILITY_OUTCOMES,
  LEAD_CONSENT_STATUSES,
  LEAD_STATUSES,
  leadSaveSchema,
  type Lead,
  type LeadAddress,
} from '@meridian/shared/contract/lead';

export const leadFormSchema = leadSaveSchema;
export type LeadFormInput = (typeof leadFormSchema)['_zod']['input'];
export type LeadAddressInput = NonNullable<LeadFormInput['addresses']>[number];

/** The fields a server refusal may name, for applyFieldErrors; addresses' own fields are added per row. */
export const LEAD_FORM_FIELDS = [
  'firstName',
  'lastName',
  'emailAddress',
  'idNumber',
  'contactNumber',
  'countryCode',
  'empNumber',
  'status',
  'consentStatus',
  'affordabilityOutcome',
  'installmentAmount',
  'totalAffordability',
  'location',
  'latitude',
  'longitude',
  'addresses',
] as const;
export const ADDRESS_FIELDS = ['type', 'lineone', 'city', 'postcode', 'state', 'country', 'latitude', 'longitude'] as const;

export const STATUS_CHOICES = LEAD_STATUSES.map((status) => ({ value: status, label: status }));
export const CONSENT_CHOICES = LEAD_CONSENT_STATUSES.map((value) => ({ value, label: value }));
export const OUTCOME_CHOICES = LEAD_AFFORDABILITY_OUTCOMES.map((value) => ({ value, label: value }));
export const ADDRESS_TYPE_CHOICES = LEAD_ADDRESS_TYPES.map((type) => ({
  value: type,
  label: type.charAt(0) + type.slice(1).toLowerCase(),
}));

export const emptyAddress = (): LeadAddressInput => ({
  type: 'HOME',
  lineone: null,
  city: null,
  postcode: null,
  state: null,
  country: null,
  latitude: null,
  longitude: null,
});

const addressValues = (a: LeadAddress): LeadAddressInput => ({
  type: a.type,
  lineone: a.lineone,
  city: a.city,
  postcode: a.postcode,
  state: a.state,
  country: a.country,
  latitude: a.latitude,
  longitude: a.longitude,
});

export const leadFormValues = (lead?: Lead): LeadFormInput => ({
  firstName: lead?.firstName ?? '',
  lastName: lead?.lastName ?? '',
  emailAddress: lead?.emailAddress ?? null,
  idNumber: lead?.idNumber ?? null,
  contactNumber: lead?.contactNumber ?? '',
  countryCode: lead?.countryCode ?? null,
  empNumber: lead?.empNumber ?? null,
  status: lead?.status ?? 'New',
  consentStatus: lead?.consentStatus ?? 'NONE PROVIDED',
  affordabilityOutcome: lead?.affordabilityOutcome ?? 'NONE',
  installmentAmount: lead?.installmentAmount ?? null,
  totalAffordability: lead?.totalAffordability ?? null,
  location: lead?.location ?? null,
  latitude: lead?.latitude ?? 0,
  longitude: lead?.longitude ?? 0,
  addresses: lead?.addresses.map(addressValues) ?? [],
});
