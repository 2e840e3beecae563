/**
 * How every screen writes names, days, times and money: the one place, from the acting tenant's
 * settings (date format, time zone, currency). Times are stored in UTC and shown in the tenant's
 * zone, whatever zone the browser is in; one hour cycle everywhere. Components take the tenant's
 * format from `useTenantFormat()` (session/tenant-settings.ts); these functions are its pure core.
 */
import { MONEY } from './constants';
import { SETTING_DEFAULTS, type Settings } from './contract/setting';
import { wallClockIn } from './zone-clock';

export const fullName = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`.trim();

export type DateFormat = Settings['dateFormat'];
/** 24-hour ("14:05") or 12-hour ("2:05 PM") clock. */
export type HourCycle = 'h23' | 'h12';

/** What the formatters need of a tenant's settings. */
export interface TenantFormat {
  dateFormat: DateFormat;
  /** IANA zone, e.g. Africa/Johannesburg: every moment is shown in it. */
  timeZone: string;
  hourCycle: HourCycle;
  currencyCode: string;
  /** Written before the amount, e.g. "R". */
  currencySymbol: string;
}

/** The 24-hour clock unless a tenant's settings ask otherwise (the settings have no clock choice yet). */
export const DEFAULT_HOUR_CYCLE: HourCycle = 'h23';

export const tenantFormatOf = (settings: Settings): TenantFormat => ({
  dateFormat: settings.dateFormat,
  timeZone: settings.timeZone,
  hourCycle: DEFAULT_HOUR_CYCLE,
  currencyCode: settings.currencyCode,
  currencySymbol: settings.currencySymbol,
});

/** The product defaults: what is shown before a tenant's settings are known. */
export const DEFAULT_TENANT_FORMAT: TenantFormat = tenantFormatOf(SETTING_DEFAULTS);

const EMPTY = '—';
/** The interface is English only, so month names are too, whatever the browser's language. */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const PLAIN_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

interface DayParts {
  year: number;
  month: number;
  day: number;
}
interface MomentParts extends DayParts {
  hour: number;
  minute: number;
}

/** An instant from an ISO text; null when empty or unreadable. */
function instantOf(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

const twoDigits = (n: number) => String(n).padStart(2, '0');

function writeDay({ year, month, day }: DayParts, dateFormat: DateFormat): string {
  const [yyyy, mm, dd] = [String(year).padStart(4, '0'), twoDigits(month), twoDigits(day)];
  switch (dateFormat) {
    case 'DD/MM/YYYY':
      return `${dd}/${mm}/${yyyy}`;
    case 'MM/DD/YYYY':
      return `${mm}/${dd}/${yyyy}`;
    case 'DD MMM YYYY':
      return `${dd} ${MONTHS[month - 1]} ${yyyy}`;
    case 'YYYY-MM-DD':
      return `${yyyy}-${mm}-${dd}`;
  }
}

function writeTime({ hour, minute }: Pick<MomentParts, 'hour' | 'minute'>, hourCycle: HourCycle): string {
  if (hourCycle === 'h23') return `${twoDigits(hour)}:${twoDigits(minute)}`;
  const halfDayHour = hour % 12 === 0 ? 12 : hour % 12;
  return `${halfDayHour}:${twoDigits(minute)} ${hour < 12 ? 'AM' : 'PM'}`;
}

/**
 * A day in the tenant's date format. A calendar day ("2025-03-03", a plan's or a birth date) is
 * written as it is; a moment is written as the day it falls on in the tenant's zone. Empty is a dash.
 */
export function formatDay(value: string | null | undefined, format: TenantFormat = DEFAULT_TENANT_FORMAT): string {
  const plain = value ? PLAIN_DAY.exec(value) : null;
  if (plain) return writeDay({ year: Number(plain[1]), month: Number(plain[2]), day: Number(plain[3]) }, format.dateFormat);
  const date = instantOf(value);
  return date ? writeDay(wallClockIn(date, format.timeZone), format.dateFormat) : EMPTY;
}

/** A moment, e.g. "2025-03-03 14:05", in the tenant's zone; empty is a dash. */
export function formatMoment(iso: string | null | undefined, format: TenantFormat = DEFAULT_TENANT_FORMAT): string {
  const date = instantOf(iso);
  if (!date) return EMPTY;
  const parts = wallClockIn(date, format.timeZone);
  return `${writeDay(parts, format.dateFormat)} ${writeTime(parts, format.hourCycle)}`;
}

/** A time of day, e.g. "14:05", in the tenant's zone; empty is an empty text, for lines that leave it out. */
export function formatTimeOfDay(iso: string | null | undefined, format: TenantFormat = DEFAULT_TENANT_FORMAT): string {
  const date = instantOf(iso);
  return date ? writeTime(wallClockIn(date, format.timeZone), format.hourCycle) : '';
}

/** The calendar day ("YYYY-MM-DD") a moment falls on in the tenant's zone: how calendars group events. */
export function calendarDayIn(iso: string, format: TenantFormat = DEFAULT_TENANT_FORMAT): string {
  const date = instantOf(iso);
  if (!date) return '';
  const { year, month, day } = wallClockIn(date, format.timeZone);
  return `${year}-${twoDigits(month)}-${twoDigits(day)}`;
}

/** The locale whose digit grouping and decimal mark a currency is written with; English elsewhere. */
const CURRENCY_LOCALES: Record<string, string> = {
  ZAR: 'en-ZA',
  BWP: 'en-BW',
  NAD: 'en-NA',
  KES: 'en-KE',
  NGN: 'en-NG',
  GBP: 'en-GB',
  USD: 'en-US',
  EUR: 'en-IE',
};
export const currencyLocaleOf = (currencyCode: string) => CURRENCY_LOCALES[currencyCode] ?? 'en';

/** Intl options of ES2023 that the ES2022 typings lack: banker's rounding (spec: money rounds half to even). */
type MoneyNumberFormatOptions = Intl.NumberFormatOptions & { roundingMode: 'halfEven' };

const moneyFormatters = new Map<string, Intl.NumberFormat>();
function moneyFormatter(locale: string): Intl.NumberFormat {
  let formatter = moneyFormatters.get(locale);
  if (!formatter) {
    const options: MoneyNumberFormatOptions = {
      minimumFractionDigits: MONEY.decimals,
      maximumFractionDigits: MONEY.decimals,
      roundingMode: 'halfEven',
    };
    formatter = new Intl.NumberFormat(locale, options);
    moneyFormatters.set(locale, formatter);
  }
  return formatter;
}

const DECIMAL_TEXT = /^-?\d+(\.\d+)?$/;

/** Intl formats a decimal text digit for digit (no float in between), so "0.125" stays exact up to its rounding. */
type ExactNumberFormat = Intl.NumberFormat & { format(value: number | string): string };

/**
 * Money with 2 decimals behind the tenant's currency symbol, grouped as the currency's locale writes
 * it, e.g. "R1 234,50"; the sign goes before the symbol. The amount is a number as the API answers it
 * or a decimal text; nothing is computed on it, it is only written. None (or unreadable) is a dash.
 */
export function formatMoney(amount: number | string | null | undefined, format: TenantFormat = DEFAULT_TENANT_FORMAT): string {
  if (amount === null || amount === undefined) return EMPTY;
  const text = typeof amount === 'number' ? (Number.isFinite(amount) ? String(amount) : '') : amount.trim();
  // String(number) may be exponential (1e+21): such amounts are no money this product holds.
  if (!DECIMAL_TEXT.test(text)) return EMPTY;
  const negative = text.startsWith('-');
  const digits = (moneyFormatter(currencyLocaleOf(format.currencyCode)) as ExactNumberFormat).format(negative ? text.slice(1) : text);
  const roundsToZero = !/[1-9]/.test(digits);
  return `${negative && !roundsToZero ? '-' : ''}${format.currencySymbol}${digits}`;
}
