/**
 * The `schema.response` of a route, built from the contract: the success envelope around the route's
 * data, and the failure envelope every error answers with. Swagger documents them; with
 * `checkResponses` (response-check.ts) every answer is checked against them. They never shape an
 * answer: serialization stays plain JSON.stringify (see app.ts).
 */
import { z } from 'zod';
import { pagingMetaSchema } from '@meridian/shared/contract/envelope';

const successResult = z.strictObject({ success: z.literal(true), message: z.string() });

/** What every failure answers: data is null and the result says why. */
export const failureEnvelopeSchema = z
  .strictObject({
    result: z.strictObject({
      success: z.literal(false),
      message: z.string(),
      code: z.string().optional(),
      fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
      retryAfter: z.number().optional(),
    }),
    data: z.null(),
  })
  .meta({ id: 'Failure', description: 'Every failure: result.success is false, result.code says which, data is null.' });

export const successEnvelopeSchema = <T extends z.ZodType>(data: T) => z.strictObject({ result: successResult, data });

export const pagedEnvelopeSchema = <T extends z.ZodType>(item: T) =>
  z.strictObject({ result: successResult, data: z.array(item), meta: z.strictObject({ paging: pagingMetaSchema }) });

/** Failures are enveloped, whatever the route. */
const failures = { '4xx': failureEnvelopeSchema, '5xx': failureEnvelopeSchema } as const;

type SuccessStatus = 200 | 201 | 202 | 206;

/** A file: documented by its content types. */
interface FileAnswer {
  description: string;
  content: Record<string, { schema: z.ZodType }>;
}

/**
 * What a route declares. Typed loosely on purpose: the type provider would otherwise bind each
 * handler's return type to the schemas; the answers are checked at run time instead (response-check.ts).
 */
export type RouteAnswers = Readonly<Record<string, z.ZodType | FileAnswer>>;

/**
 * A route whose success is the envelope around `data`: 200 unless `status` says otherwise, and
 * further success statuses in `also` (a call that answers 200 or 201, each with its own data).
 */
export function answers(
  data: z.ZodType,
  options: { status?: SuccessStatus; also?: Partial<Record<SuccessStatus, z.ZodType>> } = {},
): RouteAnswers {
  const alsoEnvelopes = Object.fromEntries(
    Object.entries(options.also ?? {}).map(([status, schema]) => [status, successEnvelopeSchema(schema)]),
  );
  return { ...alsoEnvelopes, [options.status ?? 200]: successEnvelopeSchema(data), ...failures };
}

/** A paged list: `data` is a page of `item`, `meta.paging` says which page of how many. */
export const pagedAnswers = (item: z.ZodType): RouteAnswers => ({ 200: pagedEnvelopeSchema(item), ...failures });

/** A record holding one page of a list (a group with a page of its members): `meta.paging` pages that list. */
export const pagedRecordAnswers = (record: z.ZodType): RouteAnswers => ({
  200: z.strictObject({ result: successResult, data: record, meta: z.strictObject({ paging: pagingMetaSchema }) }),
  ...failures,
});

/** Marks a body as a file in the OpenAPI document; never checked, the check compares content types. */
const fileBody = z.string().meta({ format: 'binary' });

/** A file answer (a PDF, a CSV, an offline map...) of the given content types, at the given statuses; failures stay enveloped. */
export const binaryAnswer = (contentTypes: string[], statuses: SuccessStatus[] = [200]): RouteAnswers => {
  const file: FileAnswer = {
    description: 'The file.',
    content: Object.fromEntries(contentTypes.map((type) => [type, { schema: fileBody }])),
  };
  return { ...Object.fromEntries(statuses.map((status) => [status, file])), ...failures };
};

/** A record that can also be downloaded as a file (`?format=csv`): JSON answers are checked as the record. */
export const answersOrFile = (data: z.ZodType, contentTypes: string[]): RouteAnswers => {
  const content = {
    'application/json': { schema: successEnvelopeSchema(data) },
    ...Object.fromEntries(contentTypes.map((type) => [type, { schema: fileBody }])),
  };
  return { 200: { description: 'The record, or its rows as a file.', content }, ...failures };
};

/** A paged list that can also be downloaded as a file (`?download=csv`): JSON answers are checked as the page. */
export const pagedOrFileAnswers = (item: z.ZodType, contentTypes: string[]): RouteAnswers => {
  const content = {
    'application/json': { schema: pagedEnvelopeSchema(item) },
    ...Object.fromEntries(contentTypes.map((type) => [type, { schema: fileBody }])),
  };
  return { 200: { description: 'A page of the list, or the whole list as a file.', content }, ...failures };
};
