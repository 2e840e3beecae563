/**
 * The demo's last two field days and sign-ins, so the standard sales agent and user login reports show real
 * figures on a fresh installation: the Soweto team leader and the Johannesburg credit officer each started the day at the
 * Soweto office, added files at three visits across Soweto and stopped in the afternoon, the day before and
 * two days before the seeding (in the tenant's zone, Johannesburg); the credit officer mistyped the password
 * until the account was put on hold, then signed in. All in the past, every day started is stopped, so the
 * agents' "started today" state is untouched. Runs once per database (a marker in system_settings).
 */
import { AUTH_LIMITS, AGENT_ACTION } from '@meridian/shared/constants';
import { LOCKED_OUT_REASON } from '@meridian/shared/contract/standard-report';
import type { Database } from '../db/database';

/** [hour, action, latitude, longitude]: a day from the branch office across Soweto and back (Johannesburg time). */
const FIELD_DAY: [number, number, number, number][] = [
  [7.5, AGENT_ACTION.ONLINE, -26.2611, 27.8804],
  [9, AGENT_ACTION.FILE_ADDED, -26.2389, 27.9083],
  [11, AGENT_ACTION.FILE_ADDED, -26.2667, 27.8583],
  [12.5, AGENT_ACTION.OFFLINE, -26.2667, 27.8583],
  [13.25, AGENT_ACTION.ONLINE, -26.2667, 27.8583],
  [14.5, AGENT_ACTION.FILE_ADDED, -26.2172, 27.8911],
  [16, AGENT_ACTION.OFFLINE, -26.2611, 27.8804],
];
// Not the loan officer: tests and walks start from that agent having never started a day.
const AGENTS = ['team-leader', 'credit-officer'];
const DAYS_BACK = [2, 1];
const DEMO_ADDRESS = '196.25.1.20';

export async function seedDemoFieldDays(db: Database) {
  const done = await db.one(`select 1 from system_settings where key = 'demo_field_days_seeded'`);
  if (done) return;
  await db.tx(async (q) => {
    const marked = await q.one(
      `insert into system_settings (key, value) values ('demo_field_days_seeded', now()::text) on conflict do nothing returning key`,
    );
    if (!marked) return;
    // The offsets' moments: day d back at hour h in Johannesburg (the demo tenants' zone).
    const at = `((now() at time zone 'Africa/Johannesburg')::date - x.days_back + x.hours * interval '1 hour') at time zone 'Africa/Johannesburg'`;
    for (const [i, userName] of AGENTS.entries()) {
      const rows = DAYS_BACK.flatMap((daysBack) =>
        FIELD_DAY.map(([hours, action, lat, lng]) => ({ daysBack, hours: hours + i * 0.25, action, lat, lng })),
      );
      await q.query(
        `insert into agent_actions (tenant_id, performed_by_user_id, action, latitude, longitude, accuracy, date_created)
         select u.tenant_id, u.id, x.action, x.lat, x.lng, 12, ${at}
         from users u, unnest($2::int[], $3::float8[], $4::smallint[], $5::float8[], $6::float8[]) as x(days_back, hours, action, lat, lng)
         where u.user_name = $1`,
        [
          userName,
          rows.map((r) => r.daysBack),
          rows.map((r) => r.hours),
          rows.map((r) => r.action),
          rows.map((r) => r.lat),
          rows.map((r) => r.lng),
        ],
      );
    }
    // The credit officer's morning the day before: failures up to the hold (the last a lock-out), then a sign-in.
    const failures = AUTH_LIMITS.maxFailedLogins;
    const attempts = Array.from({ length: failures + 1 }, (_, n) => ({
      hours: 8 + n / 60,
      success: n === failures,
      reason: n === failures ? null : n === failures - 1 ? LOCKED_OUT_REASON : 'bad credentials',
    }));
    await q.query(
      `insert into login_history (user_id, tenant_id, success, reason, ip, user_agent, date_created)
       select u.id, u.tenant_id, x.success, x.reason, $2, 'Mozilla/5.0 (demo)', ${at.replace(/x\.days_back/g, '1')}
       from users u, unnest($3::float8[], $4::boolean[], $5::text[]) as x(hours, success, reason)
       where u.user_name = $1`,
      ['credit-officer', DEMO_ADDRESS, attempts.map((a) => a.hours), attempts.map((a) => a.success), attempts.map((a) => a.reason)],
    );
  });
}
