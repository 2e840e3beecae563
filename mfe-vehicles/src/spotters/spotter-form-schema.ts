/** The spotter form's schema: the contract's own (spotterSaveSchema), so the browser checks what the API checks. */
import { spotterSaveSchema, type Spotter, type SpotterSave, type SpotterSaveInput } from '@meridian/shared/contract/spotter';

export const spotterFormSchema = spotterSaveSchema;
export type SpotterFormInput = SpotterSaveInput;
export type SpotterFormValues = SpotterSave;

export const SPOTTER_FORM_FIELDS = ['name', 'mobile', 'email', 'userId', 'notes', 'active'] as const;

export const spotterFormValues = (spotter?: Spotter | null): SpotterFormInput => ({
  name: spotter?.name ?? '',
  mobile: spotter?.mobile ?? '',
  email: spotter?.email ?? '',
  userId: spotter?.userId ?? null,
  notes: spotter?.notes ?? '',
  active: spotter?.active ?? true,
});
