/**
 * Password-reset requests as a small durable queue (table password_reset_requests). The handler of
 * POST /auth/forgot-password only records the request, the same work whoever it names, and answers:
 * known and unknown accounts answer alike and in the same time. The lookup, the per-account mail
 * limit, the token and the mail happen here, afterwards.
 *
 * Several API processes share the table: a row is claimed with SKIP LOCKED and leased, so one of
 * them works it off. A failed attempt is retried with backoff; after MAX_ATTEMPTS it is dropped and
 * logged, never silently. Logs name the request's id and the error's code, no login or address.
 */
import { AUTH_LIMITS } from '@meridian/shared/constants';
import type { AppContext } from '../../context';
import { addressRefused } from '../../http/throttle';
import { accountKey, findByLogin } from './credentials';
import { mailResetLink } from './user-tokens';

export interface ResetRequests {
  /** Records a request, or refuses it (429) when the address has asked too often. */
  record(login: string, address: string): Promise<void>;
  /** Stops taking work and waits for the pass under way. */
  close(): Promise<void>;
}

interface DueRequest {
  id: string;
  login: string;
  attempts: number;
}

/** Picks up rows left by a process that stopped, and retries. */
const POLL_MS = 2000;
const BATCH = 20;
/** Long enough for one attempt; a process that dies mid-attempt leaves the row to others after it. */
const LEASE_SECONDS = 60;
const MAX_ATTEMPTS = 5;
const retryDelaySeconds = (attempts: number) => 2 ** (attempts - 1);

const mailThrottleKey = (userId: string) => `reset-mail:user:${userId}`;
const errorCode = (error: unknown) => (error as { code?: string }).code ?? (error as Error).name ?? 'unknown';

export function createResetRequests(ctx: AppContext, log: (msg: string) => void): ResetRequests {
  let running: Promise<void> | null = null;
  let kickedWhileRunning = false;
  let closed = false;

  async function workOff(request: DueRequest) {
    const mailed = await ctx.db.tx(async (q) => {
      const user = await findByLogin(q, request.login);
      // Past the limit the request ends quietly: the caller was told a mail is on its way either way.
      const withinLimit =
        user && (await ctx.throttle.hit(mailThrottleKey(user.id), AUTH_LIMITS.resetMailWindowMs)).count <= AUTH_LIMITS.resetMailsPerAccount;
      if (user && withinLimit) await mailResetLink(ctx, q, { id: user.id, email: user.email_address, firstName: user.first_name });
      await q.query(`delete from password_reset_requests where id = $1`, [request.id]);
      return !!withinLimit;
    });
    if (mailed) ctx.mailer.kick();
  }

  async function failed(request: DueRequest, error: unknown) {
    const givingUp = request.attempts >= MAX_ATTEMPTS;
    log(
      `password reset request ${request.id}: attempt ${request.attempts} failed (${errorCode(error)})${givingUp ? '; given up' : '; will retry'}`,
    );
    await (givingUp
      ? ctx.db.query(`delete from password_reset_requests where id = $1`, [request.id])
      : ctx.db.query(`update password_reset_requests set not_before = now() + make_interval(secs => $2) where id = $1`, [
          request.id,
          retryDelaySeconds(request.attempts),
        ]));
  }

  async function pass() {
    const due = await ctx.db.query<DueRequest>(
      `update password_reset_requests set attempts = attempts + 1, not_before = now() + make_interval(secs => $1)
       where id in (select id from password_reset_requests where not_before <= now() order by not_before limit $2 for update skip locked)
       returning id, login, attempts`,
      [LEASE_SECONDS, BATCH],
    );
    for (const request of due) {
      await workOff(request).catch((error) => failed(request, error));
    }
    if (due.length === BATCH) kickedWhileRunning = true;
  }

  function kick() {
    if (closed) return;
    if (running) {
      kickedWhileRunning = true;
      return;
    }
    running = pass()
      .catch((error) => log(`password reset requests: pass failed (${errorCode(error)})`))
      .finally(() => {
        running = null;
        if (kickedWhileRunning) {
          kickedWhileRunning = false;
          kick();
        }
      });
  }

  const timer = setInterval(kick, POLL_MS);
  timer.unref();

  return {
    async record(login, address) {
      const fromAddress = await ctx.throttle.hit(`reset:address:${address}`, AUTH_LIMITS.addressWindowMs);
      if (fromAddress.count > ctx.config.addressLimits.resetRequests) throw addressRefused(fromAddress.resetMs);
      await ctx.db.query(`insert into password_reset_requests (login) values ($1)`, [accountKey(login)]);
      // After this tick: the answer is on its way before the work starts.
      setImmediate(kick);
    },
    async close() {
      closed = true;
      clearInterval(timer);
      await running;
    },
  };
}
