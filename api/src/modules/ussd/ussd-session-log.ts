/**
 * Every gateway request kept as a step of its session (the staff's sessions list and dashboard read them):
 * what was typed last, a PIN as asterisks, the menu choice it made and whether the answer ended the session.
 * A gateway that repeats a request (same session, same number of steps) is kept once.
 */
import { COMPLETED_OUTCOMES } from '@meridian/shared/contract/ussd';
import type { Queryable } from '../../db/database';
import type { UssdAnswer } from './ussd-menu';

export interface UssdRequestSeen {
  sessionId: string;
  serviceCode: string;
  phone: string;
  tenantId: string;
  clientId: string | null;
  steps: string[];
}

export async function logUssdStep(q: Queryable, seen: UssdRequestSeen, answer: UssdAnswer) {
  const last = seen.steps.at(-1);
  const input = last === undefined ? '' : answer.pinStep ? '*'.repeat(last.length) : last;
  const completed = answer.outcome !== null && COMPLETED_OUTCOMES.includes(answer.outcome);
  const session = await q.one<{ id: string }>(
    `insert into ussd_sessions (session_id, service_code, tenant_id, phone, client_id, steps, completed, outcome)
     values ($1, $2, $3, $4, $5, $6, $7, $8)
     on conflict (session_id, service_code) do update set last_step_at = now(), steps = greatest(ussd_sessions.steps, excluded.steps),
       completed = ussd_sessions.completed or excluded.completed, outcome = coalesce(excluded.outcome, ussd_sessions.outcome)
     returning id`,
    [seen.sessionId, seen.serviceCode, seen.tenantId, seen.phone, seen.clientId, seen.steps.length, completed, answer.outcome],
  );
  await q.query(
    `insert into ussd_session_steps (session_id, seq, input, choice, reply) values ($1, $2, $3, $4, $5) on conflict do nothing`,
    [session!.id, seen.steps.length, input, answer.choice, answer.reply],
  );
}
