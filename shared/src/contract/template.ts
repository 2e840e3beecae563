/**
 * Templates (types 1 HTML, 2 Word, 3 Text, 4 WhatsApp): what is saved, what is answered, the merge
 * fields the editor offers and how a template's text is filled in with them.
 */
import { z } from 'zod';
import { TEMPLATE_TYPE } from '../constants';
import { MESSAGES } from '../messages';
import { idSchema } from '../validation';
import { choiceLabels } from '../validation-messages';
import { answerId, answerInstant } from './answer-fields';

export type TemplateType = (typeof TEMPLATE_TYPE)[keyof typeof TEMPLATE_TYPE];
export const TEMPLATE_TYPE_NAMES: Record<TemplateType, string> = { 1: 'HTML', 2: 'Word', 3: 'Text', 4: 'WhatsApp' };

export const TEMPLATE_LIMITS = {
  nameMaxLength: 100,
  subjectMaxLength: 200,
  bodyMaxLength: 200_000,
  /** WhatsApp refuses longer text messages. */
  whatsAppMaxLength: 4096,
} as const;

/** The Word document of a template: its multipart field, its size limit and the file names a Word template accepts. */
export const TEMPLATE_DOCUMENT = {
  field: 'document',
  maxBytes: 10 * 1024 * 1024,
  wordExtensions: ['.doc', '.docx', '.dot', '.dotx'],
} as const;

export const isWordDocumentName = (fileName: string) =>
  TEMPLATE_DOCUMENT.wordExtensions.some((extension) => fileName.toLowerCase().endsWith(extension));

// Multipart forms send every field as text: a blank field means absent, and a number arrives written out.
const blankAsAbsent = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);
const numberFromText = (value: unknown) => {
  const given = blankAsAbsent(value);
  return typeof given === 'string' && !Number.isNaN(Number(given)) ? Number(given) : given;
};

export const templateTypeSchema = z.preprocess(
  numberFromText,
  z
    .literal([TEMPLATE_TYPE.HTML, TEMPLATE_TYPE.WORD, TEMPLATE_TYPE.TEXT, TEMPLATE_TYPE.WHATSAPP], {
      error: (issue) => (issue.input === undefined ? 'Choose a template type.' : undefined),
    })
    .register(choiceLabels, { labels: TEMPLATE_TYPE_NAMES }),
);

/**
 * What POST and PUT /templates take, as JSON or as the text fields of a multipart form (the
 * document itself travels as the file field 'document'). Without tenantId the template belongs to
 * the tenant the caller acts for.
 */
export const templateSaveSchema = z
  .object({
    name: z
      .string({ error: 'A template name is required.' })
      .trim()
      .min(1, 'A template name is required.')
      .max(TEMPLATE_LIMITS.nameMaxLength, `A template name has at most ${TEMPLATE_LIMITS.nameMaxLength} characters.`),
    type: templateTypeSchema,
    subject: z
      .string()
      .trim()
      .max(TEMPLATE_LIMITS.subjectMaxLength, `A subject has at most ${TEMPLATE_LIMITS.subjectMaxLength} characters.`)
      .nullable()
      .optional(),
    body: z
      .string()
      .max(TEMPLATE_LIMITS.bodyMaxLength, `A template text has at most ${TEMPLATE_LIMITS.bodyMaxLength} characters.`)
      .nullable()
      .optional(),
    tenantId: z.preprocess(blankAsAbsent, idSchema.optional()),
  })
  .superRefine((t, ctx) => {
    // A Word template's content is its document; every other type is its text.
    if (t.type !== TEMPLATE_TYPE.WORD && !t.body?.trim())
      ctx.addIssue({ code: 'custom', path: ['body'], message: MESSAGES.templateBodyRequired });
    if (t.type === TEMPLATE_TYPE.WHATSAPP && (t.body?.length ?? 0) > TEMPLATE_LIMITS.whatsAppMaxLength) {
      ctx.addIssue({
        code: 'custom',
        path: ['body'],
        message: `A WhatsApp message has at most ${TEMPLATE_LIMITS.whatsAppMaxLength} characters.`,
      });
    }
  });
export type TemplateSave = z.infer<typeof templateSaveSchema>;

/**
 * Why a template's document is not acceptable, or null. A Word template needs a Word document:
 * one sent now, or one already stored when it is edited. Other types may carry any document.
 */
export function templateDocumentProblem(
  type: TemplateType,
  upload: { fileName: string; size: number } | null,
  hasStoredDocument: boolean,
): string | null {
  if (upload && upload.size === 0) return MESSAGES.templateDocumentEmpty;
  if (type !== TEMPLATE_TYPE.WORD) return null;
  if (upload) return isWordDocumentName(upload.fileName) ? null : MESSAGES.templateDocumentNotWord;
  return hasStoredDocument ? null : MESSAGES.templateDocumentRequired;
}

/** A template as listed: everything but its text. */
export interface TemplateListItem {
  Id: string;
  name: string;
  type: TemplateType;
  subject: string | null;
  tenantId: string;
  tenantName: string;
  documentName: string | null;
  documentType: string | null;
  documentSize: number | null;
  createdByUserId: string | null;
  /** The creator's name. */
  createdBy: string | null;
  dateCreated: string;
  dateUpdated: string;
}

export interface Template extends TemplateListItem {
  body: string;
}

export type MergeEntity = 'client' | 'lead';

export interface MergeField {
  /** What goes between the braces: `{{client.firstName}}`. */
  path: string;
  entity: MergeEntity;
  label: string;
  /** Shown in the editor's preview. */
  sample: string;
}

const field = (entity: MergeEntity, name: string, label: string, sample: string): MergeField => ({
  path: `${entity}.${name}`,
  entity,
  label,
  sample,
});

/** The merge fields the template editor offers, answered by GET /templates/merge-fields. */
export const MERGE_FIELDS: readonly MergeField[] = [
  field('client', 'firstName', 'Client first name', 'Thandiwe'),
  field('client', 'lastName', 'Client last name', 'Mokoena'),
  field('client', 'idNumber', 'Client ID number', '8001015009087'),
  field('client', 'mobile', 'Client mobile', '0821234567'),
  field('client', 'emailAddress', 'Client e-mail', 'thandiwe.mokoena@example.com'),
  field('lead', 'firstName', 'Lead first name', 'Sipho'),
  field('lead', 'lastName', 'Lead last name', 'Dlamini'),
  field('lead', 'contactNumber', 'Lead contact number', '0731234567'),
  field('lead', 'emailAddress', 'Lead e-mail', 'sipho.dlamini@example.com'),
  field('lead', 'idNumber', 'Lead ID number', '9002025800081'),
  field('lead', 'city', 'Lead city', 'Soweto'),
  field('lead', 'installmentAmount', 'Lead instalment amount', '1250.00'),
  field('lead', 'totalAffordability', 'Lead total affordability', '4800.00'),
];

export const mergeFieldToken = (path: string) => `{{${path}}}`;

/** Merge values of the form renderTemplate reads: `{ client: { firstName: '...' } }`. */
export type MergeValues = { readonly [key: string]: unknown };

/** The sample value of every merge field, for previews. */
export function sampleMergeValues(fields: readonly MergeField[] = MERGE_FIELDS): MergeValues {
  const values: Record<string, Record<string, string>> = {};
  for (const f of fields) {
    const [entity, name] = f.path.split('.') as [string, string];
    (values[entity] ??= {})[name] = f.sample;
  }
  return values;
}

const PLACEHOLDER = /\{\{\s*([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)\s*\}\}/g;
const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

/** The value at a dotted path, following own properties only (so `{{constructor.name}}` finds nothing). */
function valueAt(values: MergeValues, path: string): unknown {
  let current: unknown = values;
  for (const key of path.split('.')) {
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, key)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/** The text a value fills in; undefined when it is no single value (an object, a function, nothing at all). */
function textOf(value: unknown): string | undefined {
  if (value === null) return '';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  return undefined;
}

/**
 * Replaces every `{{path}}` of `body` by its value in `values`. A placeholder without a value stays
 * visible as written, so a mistyped field shows up in the result instead of silently vanishing; a
 * null value fills in nothing. Values are HTML-escaped in an HTML template, so client data can never
 * become markup.
 */
export function renderTemplate(body: string, values: MergeValues, type: TemplateType = TEMPLATE_TYPE.TEXT): string {
  return body.replace(PLACEHOLDER, (placeholder, path: string) => {
    const text = textOf(valueAt(values, path));
    if (text === undefined) return placeholder;
    return type === TEMPLATE_TYPE.HTML ? escapeHtml(text) : text;
  });
}

const templateListItemFields = {
  Id: answerId,
  name: z.string(),
  type: z.union(Object.values(TEMPLATE_TYPE).map((type) => z.literal(type))),
  subject: z.string().nullable(),
  tenantId: answerId,
  tenantName: z.string(),
  documentName: z.string().nullable(),
  documentType: z.string().nullable(),
  documentSize: z.number().int().nullable(),
  createdByUserId: answerId.nullable(),
  createdBy: z.string().nullable(),
  dateCreated: answerInstant,
  dateUpdated: answerInstant,
};
export const templateListItemSchema: z.ZodType<TemplateListItem> = z.strictObject(templateListItemFields).meta({ id: 'TemplateListItem' });
export const templateSchema: z.ZodType<Template> = z.strictObject({ ...templateListItemFields, body: z.string() }).meta({ id: 'Template' });
export const mergeFieldSchema: z.ZodType<MergeField> = z
  .strictObject({ path: z.string(), entity: z.enum(['client', 'lead']), label: z.string(), sample: z.string() })
  .meta({ id: 'MergeField' });
