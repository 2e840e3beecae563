import {
  firstNameSchema,
  lastNameSchema,
  idNumberSchema,
  isEmptyGuid,
  isValidPosition,
  normaliseSearch,
  parseStoredJson,
  passwordSchema,
  phoneSchema,
  ugandaOnboardingIdSchema,
  ugandaOnboardingPhoneSchema,
  alphanumericWithSpacesSchema,
  idSchema,
} from './validation';
import { EMPTY_GUID } from './constants';

const ok = (schema: { safeParse(v: unknown): { success: boolean } }, value: unknown) => schema.safeParse(value).success;

describe('validation rules of the spec', () => {
  test('first name: 1 to 20 characters, no digits or special characters', () => {
    expect(ok(firstNameSchema, 'Lerato')).toBe(true);
    expect(ok(firstNameSchema, 'Anne-Marie')).toBe(true);
    expect(ok(firstNameSchema, '')).toBe(false);
    expect(ok(firstNameSchema, 'A'.repeat(21))).toBe(false);
    expect(ok(firstNameSchema, 'R2D2')).toBe(false);
    expect(ok(firstNameSchema, 'Bob!')).toBe(false);
  });

  test('names are letters of any alphabet, with accents, joined by spaces, hyphens and apostrophes', () => {
    for (const name of ['Zoë', 'José', 'Nguyễn', 'Ólafsdóttir', 'Анна', 'Ελένη', "D'Arcy", 'Mary Jane', 'Zoe\u0308']) {
      expect(ok(firstNameSchema, name)).toBe(true);
    }
    for (const name of ["Müller-O'Neil", 'Müller-O’Neil', 'Nguyễn Văn', 'Ólafsdóttir', 'Иванова', 'Παπαδοπούλου', 'van der Merwe']) {
      expect(ok(lastNameSchema, name)).toBe(true);
    }
  });

  test('names still refuse digits and special characters, in any script', () => {
    for (const name of ['Zoë2', 'José!', 'Anna_Maria', 'Ана@', '-Anna', "'Zoë", 'Zoë.', 'Nguyễn\u0663', '😀']) {
      expect(ok(firstNameSchema, name)).toBe(false);
    }
    for (const name of ['Müller3', 'Müller/Schmidt', 'O<Neil', '-Müller', 'Smith & Sons']) {
      expect(ok(lastNameSchema, name)).toBe(false);
    }
  });

  test('phone numbers are 0 followed by 9 digits; Uganda onboarding phones 07 followed by 8', () => {
    expect(ok(phoneSchema, '0712345678')).toBe(true);
    expect(ok(phoneSchema, '712345678')).toBe(false);
    expect(ok(phoneSchema, '07123456789')).toBe(false);
    expect(ok(ugandaOnboardingPhoneSchema, '0712345678')).toBe(true);
    expect(ok(ugandaOnboardingPhoneSchema, '0612345678')).toBe(false);
  });

  test('ID numbers have 13 or more digits; Uganda onboarding IDs are 2 capitals then 12 capitals or digits', () => {
    expect(ok(idNumberSchema, '8001015009087')).toBe(true);
    expect(ok(idNumberSchema, '800101500908')).toBe(false);
    expect(ok(ugandaOnboardingIdSchema, 'CM12345678901A')).toBe(true);
    expect(ok(ugandaOnboardingIdSchema, 'cm12345678901A')).toBe(false);
  });

  test('alphanumeric with spaces starts and ends with a letter or digit and has at least 3 characters', () => {
    expect(ok(alphanumericWithSpacesSchema, 'Ab 1')).toBe(true);
    expect(ok(alphanumericWithSpacesSchema, 'ab')).toBe(false);
    expect(ok(alphanumericWithSpacesSchema, ' abc')).toBe(false);
  });

  test('identifiers are UUIDs and the all-zero GUID is the empty placeholder', () => {
    expect(ok(idSchema, 'f47ac10b-58cc-4372-a567-0e02b2c3d479')).toBe(true);
    expect(ok(idSchema, '123')).toBe(false);
    expect(isEmptyGuid(EMPTY_GUID)).toBe(true);
    expect(isEmptyGuid(undefined)).toBe(true);
    expect(isEmptyGuid('f47ac10b-58cc-4372-a567-0e02b2c3d479')).toBe(false);
  });

  test('passwords need length, upper and lower case and a digit', () => {
    expect(ok(passwordSchema, 'Demo-Password-1')).toBe(true);
    expect(ok(passwordSchema, 'short1A')).toBe(false);
    expect(ok(passwordSchema, 'alllowercase1')).toBe(false);
    expect(ok(passwordSchema, 'NoDigitsHere')).toBe(false);
  });

  test('the 999 placeholder is not a position', () => {
    expect(isValidPosition(-26.2, 28)).toBe(true);
    expect(isValidPosition(999, 999)).toBe(false);
    expect(isValidPosition(null, 28)).toBe(false);
  });

  test('search text is trimmed and upper-cased, and empty means %%', () => {
    expect(normaliseSearch('  lerato ')).toBe('LERATO');
    expect(normaliseSearch('')).toBe('%%');
    expect(normaliseSearch(undefined)).toBe('%%');
  });

  test('invalid JSON from storage is logged and yields an empty object', () => {
    const log = jest.fn();
    expect(parseStoredJson('{not json', log)).toEqual({});
    expect(log).toHaveBeenCalledTimes(1);
    expect(parseStoredJson('{"a":1}', log)).toEqual({ a: 1 });
  });
});
