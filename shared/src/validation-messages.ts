/**
 * The one source of validation messages, for the API's field errors and the browser's forms alike. A
 * schema that says what it wants in its own words keeps them; every other issue gets a sentence from
 * here instead of zod's own text ("Too big: expected string to have <=60 characters"), which names
 * types, codes and patterns a user never sees. Installed on import, in zod's global configuration
 * (kept on globalThis, so every copy of zod in a page or process reads it): `validation.ts`, which the
 * contract's request schemas build on, and every contract file that builds choices import this file, so no
 * schema of the contract parses without it.
 */
import { z } from 'zod';
import { NOT_A_NUMBER_MESSAGE } from './number-text';
import { labelOfCode } from './code-label';

type Issue = z.core.$ZodRawIssue;
type IssueOf<Code extends Issue['code']> = Extract<Issue, { code: Code }>;

export const VALIDATION_MESSAGES = {
  required: 'This field is required.',
  notANumber: NOT_A_NUMBER_MESSAGE,
  wholeNumber: 'Enter a whole number.',
  text: 'Enter text.',
  yesOrNo: 'Choose yes or no.',
  list: 'Choose one or more.',
  date: 'Enter a date such as 2025-01-31.',
  dateTime: 'Enter a date and time.',
  time: 'Enter a time such as 14:30.',
  email: 'Enter a valid e-mail address.',
  identifier: 'This is not a valid reference to a record. Choose one from the list.',
  webAddress: 'Enter a web address such as https://example.com.',
  ipAddress: 'Enter a valid IP address.',
  format: 'This is not in the expected format.',
  notValid: 'This value is not valid.',
  oneValueNotValid: 'One of the values is not valid.',
} as const;

const formatNumber = (value: number | bigint) => value.toLocaleString('en');
const plural = (count: number | bigint, one: string, many: string) => `${formatNumber(count)} ${Number(count) === 1 ? one : many}`;
const dayOf = (value: number | bigint) => new Date(Number(value)).toISOString().slice(0, 10);

const isMissing = (input: unknown) => input === undefined || input === null;

/** Labels of a choice's values where its code is not what a user reads ('ACTIVITIES_COMPLETED' is 'Activities completed'). */
export const choiceLabels = z.registry<{ labels: Readonly<Partial<Record<string, string>>> }>();

/** The sentence for a value outside a choice: its labels, in the choice's order. */
export const chooseOneOfMessage = (values: readonly unknown[], labels: Readonly<Partial<Record<string, string>>> = {}) => {
  const names = values.map((value) => labels[String(value)] ?? labelOfCode(String(value)));
  return names.length === 1 ? `Choose ${names[0]}.` : `Choose one of: ${names.join(', ')}.`;
};

/**
 * One of `values`, refused with their labels: `choice(TARGET_METRICS, { labels: TARGET_METRIC_NAMES, whenMissing: 'Choose a metric.' })`.
 * Values without a label are shown as words (labelOfCode); `whenMissing` is said when no value is given at all
 * (else "This field is required.").
 */
export const choice = <const T extends readonly [string, ...string[]]>(
  values: T,
  { labels, whenMissing }: { labels?: Readonly<Partial<Record<T[number], string>>>; whenMissing?: string } = {},
) =>
  z
    .enum(values, { error: (issue) => (whenMissing && isMissing(issue.input) ? whenMissing : undefined) })
    .register(choiceLabels, { labels: labels ?? {} });

const TYPE_MESSAGES: Record<string, string> = {
  number: VALIDATION_MESSAGES.notANumber,
  int: VALIDATION_MESSAGES.wholeNumber,
  bigint: VALIDATION_MESSAGES.wholeNumber,
  nan: VALIDATION_MESSAGES.notANumber,
  string: VALIDATION_MESSAGES.text,
  boolean: VALIDATION_MESSAGES.yesOrNo,
  date: VALIDATION_MESSAGES.date,
  array: VALIDATION_MESSAGES.list,
  set: VALIDATION_MESSAGES.list,
  tuple: VALIDATION_MESSAGES.list,
};

function invalidTypeMessage(issue: IssueOf<'invalid_type'>) {
  if (isMissing(issue.input) || issue.expected === 'nonoptional') return VALIDATION_MESSAGES.required;
  return TYPE_MESSAGES[issue.expected] ?? VALIDATION_MESSAGES.notValid;
}

const isNumberOrigin = (origin: string) => origin === 'number' || origin === 'int' || origin === 'bigint';

function tooBigMessage(issue: IssueOf<'too_big'>) {
  const { origin, maximum } = issue;
  if (origin === 'string')
    return issue.exact
      ? `Use exactly ${plural(maximum, 'character', 'characters')}.`
      : `Use at most ${plural(maximum, 'character', 'characters')}.`;
  if (isNumberOrigin(origin))
    return issue.inclusive === false ? `Enter less than ${formatNumber(maximum)}.` : `Enter ${formatNumber(maximum)} or less.`;
  if (origin === 'date') return `Enter a date on or before ${dayOf(maximum)}.`;
  if (origin === 'file') return `Choose a file of at most ${plural(maximum, 'byte', 'bytes')}.`;
  return issue.exact ? `Choose exactly ${formatNumber(maximum)}.` : `Choose at most ${formatNumber(maximum)}.`;
}

function tooSmallMessage(issue: IssueOf<'too_small'>) {
  const { origin, minimum } = issue;
  if (origin === 'string') {
    if (issue.exact) return `Use exactly ${plural(minimum, 'character', 'characters')}.`;
    return Number(minimum) <= 1 ? VALIDATION_MESSAGES.required : `Use at least ${plural(minimum, 'character', 'characters')}.`;
  }
  if (isNumberOrigin(origin))
    return issue.inclusive === false ? `Enter more than ${formatNumber(minimum)}.` : `Enter ${formatNumber(minimum)} or more.`;
  if (origin === 'date') return `Enter a date on or after ${dayOf(minimum)}.`;
  if (issue.exact) return `Choose exactly ${formatNumber(minimum)}.`;
  return Number(minimum) <= 1 ? 'Choose at least one.' : `Choose at least ${formatNumber(minimum)}.`;
}

const FORMAT_MESSAGES: Record<string, string> = {
  email: VALIDATION_MESSAGES.email,
  uuid: VALIDATION_MESSAGES.identifier,
  guid: VALIDATION_MESSAGES.identifier,
  url: VALIDATION_MESSAGES.webAddress,
  date: VALIDATION_MESSAGES.date,
  datetime: VALIDATION_MESSAGES.dateTime,
  time: VALIDATION_MESSAGES.time,
  ipv4: VALIDATION_MESSAGES.ipAddress,
  ipv6: VALIDATION_MESSAGES.ipAddress,
  cidrv4: VALIDATION_MESSAGES.ipAddress,
  cidrv6: VALIDATION_MESSAGES.ipAddress,
};

function invalidFormatMessage(issue: IssueOf<'invalid_format'>) {
  if (issue.format === 'starts_with') return `Start with "${String(issue.prefix)}".`;
  if (issue.format === 'ends_with') return `End with "${String(issue.suffix)}".`;
  if (issue.format === 'includes') return `Include "${String(issue.includes)}".`;
  // A pattern's source means nothing to a user: a schema with a pattern should say in words what it wants.
  return FORMAT_MESSAGES[issue.format] ?? VALIDATION_MESSAGES.format;
}

function invalidValueMessage(issue: IssueOf<'invalid_value'>) {
  if (isMissing(issue.input)) return VALIDATION_MESSAGES.required;
  const owner = issue.inst as z.core.$ZodType | undefined;
  const labels = owner && choiceLabels.has(owner) ? choiceLabels.get(owner)?.labels : undefined;
  return chooseOneOfMessage(issue.values, labels);
}

const decimalsOf = (step: number) => (String(step).split('.')[1] ?? '').length;

function notMultipleOfMessage(issue: IssueOf<'not_multiple_of'>) {
  const step = Number(issue.divisor);
  if (step === 1) return VALIDATION_MESSAGES.wholeNumber;
  if (step < 1 && 10 ** decimalsOf(step) * step === 1) return `Use at most ${plural(decimalsOf(step), 'decimal', 'decimals')}.`;
  return `Enter a multiple of ${formatNumber(step)}.`;
}

const unrecognizedKeysMessage = (issue: IssueOf<'unrecognized_keys'>) =>
  issue.keys.length === 1
    ? `The field "${issue.keys[0]}" is not expected here.`
    : `The fields ${issue.keys.map((k) => `"${k}"`).join(', ')} are not expected here.`;

/** The sentence for an issue whose schema gave none of its own. */
export function validationMessage(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      return invalidTypeMessage(issue);
    case 'too_big':
      return tooBigMessage(issue);
    case 'too_small':
      return tooSmallMessage(issue);
    case 'invalid_format':
      return invalidFormatMessage(issue);
    case 'invalid_value':
      return invalidValueMessage(issue);
    case 'not_multiple_of':
      return notMultipleOfMessage(issue);
    case 'unrecognized_keys':
      return unrecognizedKeysMessage(issue);
    case 'invalid_key':
    case 'invalid_element':
      return VALIDATION_MESSAGES.oneValueNotValid;
    default:
      return isMissing(issue.input) ? VALIDATION_MESSAGES.required : VALIDATION_MESSAGES.notValid;
  }
}

z.config({ customError: validationMessage });
