import { percentToFraction, roundHalfEven } from './exact-rate';
import { repaymentSchedule, scheduleTermsProblem, type ScheduleTerms } from './repayment-schedule';
import { addMonths, addPeriods } from './schedule-dates';

/** Rows as [due date, principal, interest, fee, total, balance], in minor units: the hand-worked figures. */
const rows = (terms: ScheduleTerms) =>
  repaymentSchedule(terms).instalments.map((i) => [
    i.dueDate,
    Number(i.principalMinor),
    Number(i.interestMinor),
    Number(i.feeMinor),
    Number(i.totalMinor),
    Number(i.principalBalanceMinor),
  ]);

const monthly = (over: Partial<ScheduleTerms>): ScheduleTerms => ({
  principalMinor: 100_000n,
  annualRatePercent: '12',
  instalments: 3,
  frequency: 'monthly',
  method: 'declining-balance',
  firstDueDate: '2026-02-15',
  ...over,
});

describe('repayment schedules match the ones worked out by hand', () => {
  test('declining balance, 1,000.00 at 12% over three months: 340.02 a month, the last 340.03', () => {
    // r = 1% a month; annuity = 1000 × 0.01 × 1.030301 / 0.030301 = 340.0221 → 340.02.
    // 1: interest 10.00, principal 330.02, left 669.98; 2: interest 6.6998 → 6.70, principal 333.32, left 336.66;
    // 3: interest 3.3666 → 3.37, principal all that is left, 336.66.
    expect(rows(monthly({}))).toEqual([
      ['2026-02-15', 33_002, 1_000, 0, 34_002, 66_998],
      ['2026-03-15', 33_332, 670, 0, 34_002, 33_666],
      ['2026-04-15', 33_666, 337, 0, 34_003, 0],
    ]);
    const schedule = repaymentSchedule(monthly({}));
    expect([schedule.totalPrincipalMinor, schedule.totalInterestMinor, schedule.totalMinor]).toEqual([100_000n, 2_007n, 102_007n]);
  });

  test('flat, 10,000.00 at 12% over twelve months: 100.00 interest a month, principal 833.33 and the last 833.37', () => {
    // Interest 10,000 × 12% × 1 year = 1,200.00, 100.00 a month; principal 10,000 / 12 = 833.333 → 833.33,
    // eleven of them 9,166.63, the last 833.37.
    const schedule = repaymentSchedule(monthly({ principalMinor: 1_000_000n, instalments: 12, method: 'flat' }));
    const all = schedule.instalments;
    expect(all.slice(0, 11).every((i) => i.principalMinor === 83_333n && i.interestMinor === 10_000n)).toBe(true);
    const last = all.at(-1)!;
    expect([last.principalMinor, last.interestMinor, last.totalMinor]).toEqual([83_337n, 10_000n, 93_337n]);
    expect([schedule.totalPrincipalMinor, schedule.totalInterestMinor]).toEqual([1_000_000n, 120_000n]);
  });

  test('flat with two months of grace on principal: interest only, then principal over the four months left', () => {
    // 1,200.00 at 12% for six months: interest 72.00, 12.00 a month; principal 1,200 / 4 = 300.00 from month 3.
    expect(rows(monthly({ principalMinor: 120_000n, instalments: 6, method: 'flat', graceOnPrincipal: 2 }))).toEqual([
      ['2026-02-15', 0, 1_200, 0, 1_200, 120_000],
      ['2026-03-15', 0, 1_200, 0, 1_200, 120_000],
      ['2026-04-15', 30_000, 1_200, 0, 31_200, 90_000],
      ['2026-05-15', 30_000, 1_200, 0, 31_200, 60_000],
      ['2026-06-15', 30_000, 1_200, 0, 31_200, 30_000],
      ['2026-07-15', 30_000, 1_200, 0, 31_200, 0],
    ]);
  });

  test('declining balance with grace on principal and on interest payment: the deferred interest comes with the first instalment after it', () => {
    // 1,000.00 at 1% a month over four months, two of grace on principal, one of them also on interest.
    // 1: interest 10.00 earned, none collected; 2: 10.00 + the deferred 10.00; 3 and 4 repay 1,000 as an annuity
    // over two months, 1000 × 0.01 × 1.0201 / 0.0201 = 507.5124 → 507.51: 3: interest 10.00, principal 497.51,
    // left 502.49; 4: interest 5.0249 → 5.02, principal 502.49, 507.51.
    expect(rows(monthly({ instalments: 4, graceOnPrincipal: 2, graceOnInterestPayment: 1 }))).toEqual([
      ['2026-02-15', 0, 0, 0, 0, 100_000],
      ['2026-03-15', 0, 2_000, 0, 2_000, 100_000],
      ['2026-04-15', 49_751, 1_000, 0, 50_751, 50_249],
      ['2026-05-15', 50_249, 502, 0, 50_751, 0],
    ]);
  });

  test('a fee per instalment is collected with each instalment', () => {
    const schedule = repaymentSchedule(monthly({ feePerInstalmentMinor: 500n }));
    expect(schedule.instalments.map((i) => Number(i.totalMinor))).toEqual([34_502, 34_502, 34_503]);
    expect(schedule.totalFeeMinor).toBe(1_500n);
  });

  test('weekly without interest: 10.00 in three weeks is 3.33, 3.33 and 3.34', () => {
    expect(rows(monthly({ principalMinor: 1_000n, annualRatePercent: '0', frequency: 'weekly', firstDueDate: '2026-01-05' }))).toEqual([
      ['2026-01-05', 333, 0, 0, 333, 667],
      ['2026-01-12', 333, 0, 0, 333, 334],
      ['2026-01-19', 334, 0, 0, 334, 0],
    ]);
  });

  test('fortnightly rates divide the annual rate by 26', () => {
    // 26% a year is 1% a fortnight: the first period's interest on 1,000.00 is 10.00.
    const first = repaymentSchedule(monthly({ annualRatePercent: '26', frequency: 'fortnightly' })).instalments[0]!;
    expect(first.interestMinor).toBe(1_000n);
    expect(first.dueDate).toBe('2026-02-15');
    expect(addPeriods('2026-02-15', 'fortnightly', 1)).toBe('2026-03-01');
  });
});

describe('every schedule repays exactly what was lent', () => {
  test('over a spread of amounts, rates, terms and graces, principal sums to the amount, nothing is negative and the balance ends at zero', () => {
    const methods = ['declining-balance', 'flat'] as const;
    for (const principalMinor of [1n, 7n, 99_999n, 1_234_567_89n, 50_000_000_00n])
      for (const annualRatePercent of ['0', '3.75', '24.5', '99.9999', '365'])
        for (const instalments of [1, 2, 7, 36, 120])
          for (const method of methods)
            for (const graceOnPrincipal of [0, Math.max(0, instalments - 1)]) {
              const schedule = repaymentSchedule(monthly({ principalMinor, annualRatePercent, instalments, method, graceOnPrincipal }));
              const all = schedule.instalments;
              expect(schedule.totalPrincipalMinor).toBe(principalMinor);
              expect(all.at(-1)!.principalBalanceMinor).toBe(0n);
              expect(all.every((i) => i.principalMinor >= 0n && i.interestMinor >= 0n)).toBe(true);
            }
  });
});

describe('terms that make no schedule are refused in words', () => {
  test.each([
    [{ principalMinor: 0n }, 'The amount lent must be more than zero.'],
    [{ instalments: 0 }, 'A loan is repaid in at least one instalment.'],
    [{ graceOnPrincipal: 3 }, 'The grace on principal must leave at least one instalment that repays principal.'],
    [{ graceOnPrincipal: 1, graceOnInterestPayment: 2 }, 'The grace on interest payment cannot be longer than the grace on principal.'],
  ])('%p', (over, message) => {
    expect(scheduleTermsProblem(monthly(over))).toBe(message);
    expect(() => repaymentSchedule(monthly(over))).toThrow(message);
  });

  test('a rate with more than four decimal places or not a number is refused', () => {
    expect(() => percentToFraction('24.55555')).toThrow(RangeError);
    expect(() => percentToFraction('1e2')).toThrow(RangeError);
    expect(percentToFraction('24.5')).toEqual({ numerator: 245_000n, denominator: 1_000_000n });
  });
});

describe('rounding and dates', () => {
  test('halves round to the even neighbour, either side of zero', () => {
    expect([roundHalfEven(5n, 2n), roundHalfEven(7n, 2n), roundHalfEven(-5n, 2n), roundHalfEven(-7n, 2n)]).toEqual([2n, 4n, -2n, -4n]);
    expect([roundHalfEven(10_001n, 10_000n), roundHalfEven(19_999n, 10_000n)]).toEqual([1n, 2n]);
  });

  test("monthly due dates keep the first date's day, or the month's last day where the month is shorter", () => {
    expect([0, 1, 2, 3].map((m) => addMonths('2026-01-31', m))).toEqual(['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30']);
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-11-30', 2)).toBe('2027-01-30');
  });
});
