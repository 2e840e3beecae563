import { cronExpressionOf, cronProblem, nextRunTimes } from './report-schedule';

describe('report schedules', () => {
  test('each kind comes down to its cron expression; an incomplete one to none', () => {
    expect(cronExpressionOf({ scheduleKind: 'daily', time: '07:05' })).toBe('5 7 * * *');
    expect(cronExpressionOf({ scheduleKind: 'weekly', time: '18:30', dayOfWeek: 0 })).toBe('30 18 * * 0');
    expect(cronExpressionOf({ scheduleKind: 'monthly', time: '00:00', dayOfMonth: 28 })).toBe('0 0 28 * *');
    expect(cronExpressionOf({ scheduleKind: 'cron', cron: ' 0  6 * * 1-5 ' })).toBe('0 6 * * 1-5');
    expect(cronExpressionOf({ scheduleKind: 'weekly', time: '18:30', dayOfWeek: null })).toBeNull();
    expect(cronExpressionOf({ scheduleKind: 'daily', time: '7:05' })).toBeNull();
  });

  test('a cron expression is refused when malformed, of the wrong size or too frequent', () => {
    expect(cronProblem('0 6 * * 1-5')).toBeNull();
    expect(cronProblem('*/15 * * * *')).toBeNull();
    expect(cronProblem('')).toBe('Enter a cron expression.');
    expect(cronProblem('0 6 * *')).toMatch(/five fields/);
    expect(cronProblem('0 0 6 * * 1')).toMatch(/five fields/);
    expect(cronProblem('0 25 * * *')).toMatch(/Not a valid cron expression/);
    expect(cronProblem('*/5 * * * *')).toMatch(/15 minutes apart/);
  });

  test('runs are counted in the given zone', () => {
    const after = new Date('2026-06-01T00:00:00Z');
    expect(nextRunTimes('0 7 * * *', 'Africa/Johannesburg', 1, after)[0]!.toISOString()).toBe('2026-06-01T05:00:00.000Z');
    expect(nextRunTimes('0 7 * * *', 'America/New_York', 1, after)[0]!.toISOString()).toBe('2026-06-01T11:00:00.000Z');
  });
});
