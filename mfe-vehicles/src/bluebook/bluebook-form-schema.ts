/**
 * The bluebook form's schema: the contract's (bluebookSaveSchema), with the value typed in major units as
 * text and turned into integer minor units by its digits (shared money-text.ts), never through a float;
 * the contract's own rule on valueMinor then applies.
 */
import { z } from 'zod';
import { bluebookSaveSchema, type Bluebook } from '@meridian/shared/contract/bluebook';
import { minorFromText, minorToDecimalText } from '@meridian/shared/money-text';
import { BLUEBOOK_TEXT } from './bluebook-text';

export const bluebookFormSchema = bluebookSaveSchema.omit({ id: true, tenantId: true, valueMinor: true }).extend({
  value: z
    .string()
    .transform((text, ctx) => {
      const minor = minorFromText(text);
      if (minor === null) {
        ctx.addIssue({ code: 'custom', message: BLUEBOOK_TEXT.notAnAmount });
        return z.NEVER;
      }
      return minor;
    })
    .pipe(bluebookSaveSchema.shape.valueMinor),
});

export type BluebookFormInput = z.input<typeof bluebookFormSchema>;
export type BluebookFormValues = z.output<typeof bluebookFormSchema>;

/** The fields a server refusal may name (valueMinor is shown on the value field). */
export const BLUEBOOK_FORM_FIELDS = ['make', 'model', 'year', 'currency', 'value'] as const;

/** A new value starts with no year (left empty, the schema asks for one). */
export const bluebookFormValues = (row: Bluebook | null, defaultCurrency: string): Partial<BluebookFormInput> => ({
  make: row?.make ?? '',
  model: row?.model ?? '',
  year: row?.year,
  value: row ? minorToDecimalText(row.valueMinor) : '',
  currency: row?.currency ?? defaultCurrency,
});

export const bluebookSaveBody = ({ value, ...rest }: BluebookFormValues) => ({ ...rest, valueMinor: value });
