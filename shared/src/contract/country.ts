/** Countries (tracking spec 3, 7 Countries): reference data, fetched as a list and cached by the browser. */
import { z } from 'zod';

export interface Country {
  /** ISO 3166-1 alpha-2. */
  code: string;
  name: string;
  /** E.164 country calling code with its +, e.g. +27. */
  diallingCode: string | null;
  /** ISO 4217. */
  currencyCode: string | null;
}

/** GET /geo/countries/all answers `data.countries`, sorted by name. */
export interface CountryList {
  countries: Country[];
}

/** The browser counts its cached list as usable when it holds more than this many (spec 9). */
export const COUNTRIES_CACHED_WHEN_MORE_THAN = 1;

export const countrySchema: z.ZodType<Country> = z
  .strictObject({ code: z.string(), name: z.string(), diallingCode: z.string().nullable(), currencyCode: z.string().nullable() })
  .meta({ id: 'Country' });

export const countryListSchema: z.ZodType<CountryList> = z.strictObject({ countries: z.array(countrySchema) }).meta({ id: 'CountryList' });
