import { arrearsDays, outstandingOf, replayPayments, type InstalmentDue, type PaymentToApply } from './payment-allocation';

/** 1,000.00 at 1% a month over three months (worked by hand in repayment-schedule.test.ts), 5.00 fee each. */
const SCHEDULE: InstalmentDue[] = [
  { number: 1, dueDate: '2026-02-15', principalMinor: 33_002n, interestMinor: 1_000n, feeMinor: 500n },
  { number: 2, dueDate: '2026-03-15', principalMinor: 33_332n, interestMinor: 670n, feeMinor: 500n },
  { number: 3, dueDate: '2026-04-15', principalMinor: 33_666n, interestMinor: 337n, feeMinor: 500n },
];
const TOTAL_DUE = 103_507n;
const pay = (id: string, paidOn: string, amountMinor: bigint): PaymentToApply => ({ id, paidOn, amountMinor });
const portionsOf = (payments: PaymentToApply[]) =>
  replayPayments(SCHEDULE, payments).portions.map((p) => [
    p.paymentId,
    p.instalmentNumber,
    Number(p.feeMinor),
    Number(p.interestMinor),
    Number(p.principalMinor),
  ]);

describe('a repayment pays the oldest instalment first: fees, then interest, then principal', () => {
  test('a partial payment pays the fee and part of the interest of the first instalment only', () => {
    expect(portionsOf([pay('a', '2026-02-15', 1_200n)])).toEqual([['a', 1, 500, 700, 0]]);
    const replay = replayPayments(SCHEDULE, [pay('a', '2026-02-15', 1_200n)]);
    expect(outstandingOf(replay.instalments[0]!)).toBe(34_502n - 1_200n);
  });

  test('a payment larger than the first instalment pays it off and goes on to the next', () => {
    // 400.00: instalment 1 in full (5.00 + 10.00 + 330.02 = 345.02), then 54.98 on instalment 2: 5.00 fee, 6.70 interest, 43.28 principal.
    expect(portionsOf([pay('a', '2026-02-15', 40_000n)])).toEqual([
      ['a', 1, 500, 1_000, 33_002],
      ['a', 2, 500, 670, 4_328],
    ]);
  });

  test('paying more than the loan owes leaves the rest as an overpayment', () => {
    const replay = replayPayments(SCHEDULE, [pay('a', '2026-02-10', TOTAL_DUE + 1_000n)]);
    expect(replay.overpaymentMinor).toBe(1_000n);
    expect(replay.instalments.every((i) => outstandingOf(i) === 0n)).toBe(true);
  });

  test('a later payment after the loan is paid off is an overpayment in full', () => {
    const replay = replayPayments(SCHEDULE, [pay('a', '2026-02-10', TOTAL_DUE), pay('b', '2026-05-01', 2_500n)]);
    expect(replay.overpaymentMinor).toBe(2_500n);
  });
});

describe('payments are replayed in the order they were received', () => {
  test('reversing a payment is the replay without it: the later payment then pays the first instalment', () => {
    const both = [pay('a', '2026-02-10', 40_000n), pay('b', '2026-03-20', 10_000n)];
    expect(portionsOf(both).filter(([id]) => id === 'b')).toEqual([['b', 2, 0, 0, 10_000]]);
    expect(portionsOf(both.filter((p) => p.id !== 'a'))).toEqual([['b', 1, 500, 1_000, 8_500]]);
  });

  test('a payment entered late with an earlier date is applied before the ones received after it', () => {
    const entered = [pay('later', '2026-03-01', 1_000n), pay('earlier', '2026-02-01', 1_000n)];
    expect(portionsOf(entered)).toEqual([
      ['earlier', 1, 500, 500, 0],
      ['later', 1, 0, 500, 500],
    ]);
  });

  test('a payment of nothing is refused', () => {
    expect(() => replayPayments(SCHEDULE, [pay('a', '2026-02-01', 0n)])).toThrow('A payment must be more than zero.');
  });
});

describe('arrears days are counted from the oldest instalment still owing', () => {
  const unpaid = replayPayments(SCHEDULE, []).instalments;

  test('nothing is in arrears on the due date itself; a day after, one day', () => {
    expect(arrearsDays(unpaid, '2026-02-15')).toBe(0);
    expect(arrearsDays(unpaid, '2026-02-16')).toBe(1);
  });

  test('with nothing paid, on 1 April the loan is 45 days in arrears; with the first instalment paid, 17', () => {
    expect(arrearsDays(unpaid, '2026-04-01')).toBe(45);
    const firstPaid = replayPayments(SCHEDULE, [pay('a', '2026-02-15', 34_502n)]).instalments;
    expect(arrearsDays(firstPaid, '2026-04-01')).toBe(17);
  });

  test("an overdue amount within the product's arrears tolerance is not arrears", () => {
    const almost = replayPayments(SCHEDULE, [pay('a', '2026-02-15', 34_402n)]).instalments;
    expect(arrearsDays(almost, '2026-03-01', 100n)).toBe(0);
    expect(arrearsDays(almost, '2026-03-01', 99n)).toBe(14);
  });
});
