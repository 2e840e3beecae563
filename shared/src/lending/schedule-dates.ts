/**
 * Due dates of a repayment schedule: calendar dates (YYYY-MM-DD, no time, no zone), one period apart.
 * A monthly date keeps the first due date's day where the month has it and falls to the month's last day
 * where it does not (31 January, 28 February, 31 March), as Fineract does.
 */
export const REPAYMENT_FREQUENCIES = ['weekly', 'fortnightly', 'monthly'] as const;
export type RepaymentFrequency = (typeof REPAYMENT_FREQUENCIES)[number];

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

function parts(date: string) {
  const match = DATE_PATTERN.exec(date);
  if (!match) throw new RangeError(`A date is written YYYY-MM-DD, not ${JSON.stringify(date)}.`);
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
}

const text = (d: Date) => d.toISOString().slice(0, 10);
const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

export function addMonths(date: string, months: number): string {
  const { year, month, day } = parts(date);
  const monthIndex = month - 1 + months;
  const targetYear = year + Math.floor(monthIndex / 12);
  const targetMonth = (((monthIndex % 12) + 12) % 12) + 1;
  return text(new Date(Date.UTC(targetYear, targetMonth - 1, Math.min(day, daysInMonth(targetYear, targetMonth)))));
}

export function addDays(date: string, days: number): string {
  const { year, month, day } = parts(date);
  return text(new Date(Date.UTC(year, month - 1, day + days)));
}

/** The date `count` periods after `date`. */
export function addPeriods(date: string, frequency: RepaymentFrequency, count: number): string {
  if (frequency === 'monthly') return addMonths(date, count);
  return addDays(date, count * (frequency === 'weekly' ? 7 : 14));
}
