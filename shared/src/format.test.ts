import {
  DEFAULT_TENANT_FORMAT,
  calendarDayIn,
  formatDay,
  formatMoment,
  formatMoney,
  formatTimeOfDay,
  type DateFormat,
  type TenantFormat,
} from './format';

const tenant = (changes: Partial<TenantFormat> = {}): TenantFormat => ({ ...DEFAULT_TENANT_FORMAT, ...changes });

/** 22:30 UTC on 3 March 2025: already 4 March in Johannesburg (UTC+2), still 3 March in New York. */
const LATE_EVENING_UTC = '2025-03-03T22:30:00.000Z';

describe('days in the tenant date format', () => {
  test.each<[DateFormat, string]>([
    ['YYYY-MM-DD', '2025-03-04'],
    ['DD/MM/YYYY', '04/03/2025'],
    ['MM/DD/YYYY', '03/04/2025'],
    ['DD MMM YYYY', '04 Mar 2025'],
  ])('%s writes the day as %s', (dateFormat, written) => {
    expect(formatDay('2025-03-04', tenant({ dateFormat }))).toBe(written);
    expect(formatDay('2025-03-04T08:00:00Z', tenant({ dateFormat }))).toBe(written);
  });

  test('a calendar day is written as it is, whatever the zone', () => {
    expect(formatDay('2025-03-04', tenant({ timeZone: 'Pacific/Honolulu' }))).toBe('2025-03-04');
    expect(formatDay('2025-03-04', tenant({ timeZone: 'Pacific/Kiritimati' }))).toBe('2025-03-04');
  });

  test('an empty or unreadable value is a dash', () => {
    expect(formatDay(null)).toBe('—');
    expect(formatDay('')).toBe('—');
    expect(formatDay('not a date')).toBe('—');
  });
});

describe('moments stored in UTC are shown in the tenant zone', () => {
  test('a moment late in the UTC evening is the next day in Johannesburg', () => {
    const johannesburg = tenant({ timeZone: 'Africa/Johannesburg' });
    expect(formatMoment(LATE_EVENING_UTC, johannesburg)).toBe('2025-03-04 00:30');
    expect(formatDay(LATE_EVENING_UTC, johannesburg)).toBe('2025-03-04');
    expect(calendarDayIn(LATE_EVENING_UTC, johannesburg)).toBe('2025-03-04');
  });

  test('the same moment is still the day before in New York', () => {
    const newYork = tenant({ timeZone: 'America/New_York' });
    expect(formatMoment(LATE_EVENING_UTC, newYork)).toBe('2025-03-03 17:30');
    expect(calendarDayIn(LATE_EVENING_UTC, newYork)).toBe('2025-03-03');
  });

  test('times use the 24-hour clock by default and the 12-hour clock when the tenant asks for it', () => {
    expect(formatTimeOfDay('2025-03-03T12:05:00Z')).toBe('14:05');
    expect(formatTimeOfDay('2025-03-03T22:05:00Z')).toBe('00:05');
    const twelveHour = tenant({ hourCycle: 'h12' });
    expect(formatTimeOfDay('2025-03-03T12:05:00Z', twelveHour)).toBe('2:05 PM');
    expect(formatTimeOfDay('2025-03-03T22:05:00Z', twelveHour)).toBe('12:05 AM');
    expect(formatMoment('2025-03-03T10:00:00Z', tenant({ hourCycle: 'h12', dateFormat: 'DD MMM YYYY' }))).toBe('03 Mar 2025 12:00 PM');
  });

  test('an empty time is an empty text, for lines that leave it out', () => {
    expect(formatTimeOfDay(null)).toBe('');
    expect(formatMoment(undefined)).toBe('—');
  });
});

describe('money in the tenant currency', () => {
  const nbsp = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

  test('rand are written behind R with two decimals, grouped as South Africa writes them', () => {
    expect(nbsp(formatMoney(1234567.5))).toBe('R1 234 567,50');
    expect(nbsp(formatMoney('4800.00'))).toBe('R4 800,00');
  });

  test('another currency uses its symbol and its locale', () => {
    const dollars = tenant({ currencyCode: 'USD', currencySymbol: '$' });
    expect(formatMoney(1234.5, dollars)).toBe('$1,234.50');
    expect(formatMoney('-0.5', dollars)).toBe('-$0.50');
  });

  test('a decimal text is written digit for digit, beyond what a float holds', () => {
    const dollars = tenant({ currencyCode: 'USD', currencySymbol: '$' });
    expect(formatMoney('90071992547409931.23', dollars)).toBe('$90,071,992,547,409,931.23');
  });

  test('half a cent rounds to the even cent (banker’s rounding)', () => {
    const dollars = tenant({ currencyCode: 'USD', currencySymbol: '$' });
    expect(formatMoney('0.125', dollars)).toBe('$0.12');
    expect(formatMoney('0.135', dollars)).toBe('$0.14');
    expect(formatMoney('-0.001', dollars)).toBe('$0.00');
  });

  test('no amount, or one that is not a number, is a dash', () => {
    expect(formatMoney(null)).toBe('—');
    expect(formatMoney('12abc')).toBe('—');
    expect(formatMoney(Number.NaN)).toBe('—');
  });
});
