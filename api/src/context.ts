/** What every module is given: configuration, the database and the shared services. */
import type { Config } from './config';
import type { Database } from './db/database';
import type { Mailer } from './mail/mailer';
import type { Realtime } from './realtime/realtime';
import type { TokenService } from './auth/tokens';
import type { PrincipalCache } from './auth/principal-cache';
import type { Throttle } from './http/throttle';
import type { CallerPolicies } from './auth/caller-policies';
import type { JobQueue } from './jobs/job-queue';

export interface AppContext {
  config: Config;
  db: Database;
  tokens: TokenService;
  mailer: Mailer;
  realtime: Realtime;
  principals: PrincipalCache;
  /** Counters and waits of the sign-in, reset and guessing throttles (in Redis with REDIS_URL). */
  throttle: Throttle;
  /** How the guard resolves API keys and checks their addresses: registered by their modules (app.ts). */
  callers: CallerPolicies;
  /** The durable job queue (jobs/job-queue.ts): modules register their job kinds and enqueue in their transactions. */
  jobs: JobQueue;
}
