/**
 * Per-tenant settings. A tenant's effective value of each setting is its own, else the nearest
 * ancestor's, else the product default; GET /settings says which tenant each value comes from.
 */
import { z } from 'zod';
import { DEFAULT_MAX_PAGE_SIZE, MONEY } from '../constants';
import { answerId } from './answer-fields';
import { choice } from '../validation-messages';

export const DATE_FORMATS = ['YYYY-MM-DD', 'DD/MM/YYYY', 'MM/DD/YYYY', 'DD MMM YYYY'] as const;
/** A date format is shown as it is written: 'DD MMM YYYY' is no code to put in words. */
const DATE_FORMAT_LABELS = Object.fromEntries(DATE_FORMATS.map((format) => [format, format]));

const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/** Leaflet's tile address form: http(s) with the {z}, {x} and {y} placeholders. */
const isTileUrl = (url: string) => /^https?:\/\/[^\s/]+\/\S*$/i.test(url) && ['{z}', '{x}', '{y}'].every((p) => url.includes(p));

const settingFields = {
  currencyCode: z
    .string()
    .trim()
    .regex(/^[A-Z]{3}$/, 'A currency code is three capital letters, such as ZAR.'),
  currencySymbol: z.string().trim().min(1, 'A currency symbol is required.').max(5, 'A currency symbol has at most 5 characters.'),
  timeZone: z.string().trim().refine(isTimeZone, 'Choose a time zone such as Africa/Johannesburg.'),
  dateFormat: choice(DATE_FORMATS, { labels: DATE_FORMAT_LABELS, whenMissing: 'Choose a date format.' }),
  /** The page size lists start with. */
  defaultPageSize: z
    .number()
    .int('A page size is a whole number.')
    .min(10, 'A page size is at least 10.')
    .max(DEFAULT_MAX_PAGE_SIZE, `A page size is at most ${DEFAULT_MAX_PAGE_SIZE}.`),
  /** Minutes without activity after which the browser signs the user out. */
  sessionTimeoutMinutes: z
    .number()
    .int('Minutes are a whole number.')
    .min(5, 'At least 5 minutes.')
    .max(24 * 60, 'At most 1440 minutes (a day).'),
  /** The map's tile server; empty means the product's built-in one. */
  mapTileUrl: z
    .string()
    .trim()
    .max(500)
    .refine((url) => url === '' || isTileUrl(url), 'A tile address starts with http(s):// and holds {z}, {x} and {y}, or is empty.'),
};

export const settingsSchema = z.object(settingFields);
/** Settings as answered: exactly these keys. */
export const settingsAnswerSchema = z.strictObject(settingFields).meta({ id: 'Settings' });
export type Settings = z.infer<typeof settingsSchema>;
export type SettingKey = keyof Settings;
export const SETTING_KEYS = Object.keys(settingFields) as SettingKey[];

/** Validates one stored or submitted value of a setting. */
export const settingValueSchema = (key: SettingKey): z.ZodType => settingFields[key];

export const SETTING_DEFAULTS: Settings = {
  currencyCode: 'ZAR',
  currencySymbol: MONEY.defaultCurrencyPrefix,
  timeZone: 'Africa/Johannesburg',
  dateFormat: 'YYYY-MM-DD',
  defaultPageSize: 50,
  sessionTimeoutMinutes: 30,
  mapTileUrl: '',
};

type Clearable<T extends Record<string, z.ZodType>> = { [K in keyof T]: z.ZodOptional<z.ZodNullable<T[K]>> };
const clearable = <T extends Record<string, z.ZodType>>(shape: T) =>
  Object.fromEntries(Object.entries(shape).map(([key, schema]) => [key, schema.nullable().optional()])) as Clearable<T>;

/**
 * What PUT /settings takes: the acting tenant's own values. A setting left out stays as it is; null
 * gives up the tenant's own value, so it is inherited again. Unknown settings are refused.
 */
export const settingsUpdateSchema = z.strictObject(clearable(settingFields));
export type SettingsUpdate = z.infer<typeof settingsUpdateSchema>;

/** The tenant a value comes from; null means the product default. */
export type SettingSource = { tenantId: string; tenantName: string } | null;

export interface EffectiveSettings {
  /** The tenant these settings are for: the one the caller acts for. */
  tenantId: string;
  values: Settings;
  sources: Record<SettingKey, SettingSource>;
}

const settingSourceSchema = z.strictObject({ tenantId: answerId, tenantName: z.string() }).nullable();

export const effectiveSettingsSchema: z.ZodType<EffectiveSettings> = z
  .strictObject({
    tenantId: answerId,
    values: settingsAnswerSchema,
    sources: z.strictObject(
      Object.fromEntries(SETTING_KEYS.map((key) => [key, settingSourceSchema])) as Record<SettingKey, typeof settingSourceSchema>,
    ),
  })
  .meta({ id: 'EffectiveSettings' });
