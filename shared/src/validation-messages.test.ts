import { z } from 'zod';
import { choice, chooseOneOfMessage, VALIDATION_MESSAGES } from './validation-messages';
import { labelOfCode } from './code-label';

/** The messages a value gets from a schema that gives none of its own. */
const messagesOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  if (result.success) throw new Error(`${JSON.stringify(value)} was accepted`);
  return result.error.issues.map((issue) => issue.message);
};
const messageOf = (schema: z.ZodType, value: unknown) => messagesOf(schema, value)[0];

const STATUSES = ['OPEN', 'IN_PROGRESS', 'CLOSED'] as const;

describe('validation messages: every issue kind reads as a sentence', () => {
  test('a missing value is required, whatever its type', () => {
    expect(messageOf(z.object({ name: z.string() }), {})).toBe('This field is required.');
    expect(messageOf(z.number(), null)).toBe('This field is required.');
    expect(messageOf(z.enum(STATUSES), undefined)).toBe('This field is required.');
    expect(messageOf(z.string().min(1), '')).toBe('This field is required.');
  });

  test('a value of the wrong type asks for the right one', () => {
    expect(messageOf(z.number(), 'abc')).toBe('Enter a number.');
    expect(messageOf(z.number(), Number.NaN)).toBe('Enter a number.');
    expect(messageOf(z.int(), 1.5)).toBe('Enter a whole number.');
    expect(messageOf(z.string(), 12)).toBe('Enter text.');
    expect(messageOf(z.boolean(), 'yes')).toBe('Choose yes or no.');
    expect(messageOf(z.array(z.string()), 'a')).toBe('Choose one or more.');
    expect(messageOf(z.coerce.date(), 'not a date')).toBe(VALIDATION_MESSAGES.date);
  });

  test('text too long or too short says how many characters to use', () => {
    expect(messageOf(z.string().max(60), 'x'.repeat(61))).toBe('Use at most 60 characters.');
    expect(messageOf(z.string().max(1), 'xy')).toBe('Use at most 1 character.');
    expect(messageOf(z.string().min(3), 'xy')).toBe('Use at least 3 characters.');
    expect(messageOf(z.string().length(13), 'xy')).toBe('Use exactly 13 characters.');
  });

  test('numbers out of range say what to enter', () => {
    expect(messageOf(z.number().min(1), -10)).toBe('Enter 1 or more.');
    expect(messageOf(z.number().max(1_000_000), 2_000_000)).toBe('Enter 1,000,000 or less.');
    expect(messageOf(z.number().positive(), 0)).toBe('Enter more than 0.');
    expect(messageOf(z.number().lt(100), 100)).toBe('Enter less than 100.');
    expect(messageOf(z.number().multipleOf(0.01), 1.234)).toBe('Use at most 2 decimals.');
    expect(messageOf(z.number().multipleOf(5), 7)).toBe('Enter a multiple of 5.');
  });

  test('lists and dates out of range say how many or which dates', () => {
    expect(messageOf(z.array(z.string()).min(1), [])).toBe('Choose at least one.');
    expect(messageOf(z.array(z.string()).max(2), ['a', 'b', 'c'])).toBe('Choose at most 2.');
    expect(messageOf(z.date().min(new Date('2020-01-01T00:00:00Z')), new Date('2019-05-01T00:00:00Z'))).toBe(
      'Enter a date on or after 2020-01-01.',
    );
    expect(messageOf(z.date().max(new Date('2020-01-01T00:00:00Z')), new Date('2021-05-01T00:00:00Z'))).toBe(
      'Enter a date on or before 2020-01-01.',
    );
  });

  test('formats are named in words, and a pattern is never shown', () => {
    expect(messageOf(z.email(), 'someone')).toBe('Enter a valid e-mail address.');
    expect(messageOf(z.uuid(), '123')).toBe(VALIDATION_MESSAGES.identifier);
    expect(messageOf(z.iso.date(), '31/01/2025')).toBe('Enter a date such as 2025-01-31.');
    expect(messageOf(z.iso.datetime(), 'tomorrow')).toBe('Enter a date and time.');
    expect(messageOf(z.url(), 'nowhere')).toBe('Enter a web address such as https://example.com.');
    expect(messageOf(z.ipv4(), '999.1.1.1')).toBe('Enter a valid IP address.');
    expect(messageOf(z.string().regex(/^\d{4}$/), 'abcd')).toBe('This is not in the expected format.');
    expect(messageOf(z.string().startsWith('+'), '27')).toBe('Start with "+".');
  });

  test('a value outside a choice lists the choices by their labels', () => {
    const metric = choice(['ACTIVITIES_COMPLETED', 'LEADS_CREATED'], {
      labels: { ACTIVITIES_COMPLETED: 'Activities completed', LEADS_CREATED: 'Leads created' },
      whenMissing: 'Choose a metric.',
    });
    expect(messageOf(metric, 'SALES')).toBe('Choose one of: Activities completed, Leads created.');
    expect(messageOf(metric.optional(), 'SALES')).toBe('Choose one of: Activities completed, Leads created.');
    expect(messageOf(z.object({ metric: metric.default('LEADS_CREATED') }), { metric: 'SALES' })).toBe(
      'Choose one of: Activities completed, Leads created.',
    );
  });

  test('a choice without labels shows codes as words', () => {
    expect(messageOf(z.enum(STATUSES), 'DONE')).toBe('Choose one of: Open, In progress, Closed.');
    expect(messageOf(z.literal('csv'), 'pdf')).toBe('Choose csv.');
    expect(labelOfCode('NONE PROVIDED')).toBe('None provided');
    expect(labelOfCode('DD/MM/YYYY')).toBe('DD/MM/YYYY');
    expect(chooseOneOfMessage(['1', '2'], { 1: 'HTML' })).toBe('Choose one of: HTML, 2.');
  });

  test('unknown fields, bad entries and failed unions are named without codes', () => {
    expect(messageOf(z.strictObject({ a: z.string() }), { a: 'x', b: 1 })).toBe('The field "b" is not expected here.');
    expect(messageOf(z.record(z.string().min(2), z.string()), { b: 'x' })).toBe('One of the values is not valid.');
    expect(messageOf(z.union([z.number(), z.boolean()]), 'x')).toBe('This value is not valid.');
    expect(
      messageOf(
        z.string().refine(() => false),
        'x',
      ),
    ).toBe('This value is not valid.');
  });

  test("a schema's own sentence is kept", () => {
    expect(messageOf(z.string().max(20, 'First name can be at most 20 characters.'), 'x'.repeat(21))).toBe(
      'First name can be at most 20 characters.',
    );
    expect(messageOf(z.number('A latitude is a number.'), 'north')).toBe('A latitude is a number.');
  });

  test("no message of any kind carries zod's own wording", () => {
    const cases: [z.ZodType, unknown][] = [
      [z.string().max(60), 'x'.repeat(61)],
      [z.number().min(1), 0],
      [z.enum(STATUSES), 'x'],
      [z.object({ n: z.number() }), { n: 'x' }],
      [z.string().regex(/^a$/), 'b'],
    ];
    for (const [schema, value] of cases)
      for (const message of messagesOf(schema, value))
        expect(message).not.toMatch(/expected (string|number|one of)|Too (big|small)|Invalid|\^|<=|>=/);
  });
});
