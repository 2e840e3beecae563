/**
 * A crash's review: only a NEW crash moves, to APPROVED or REJECTED (a rejection says why); the
 * reviewer and the time are kept. Any other move is a 409 naming the crash's status.
 */
import type { CrashReview } from '@meridian/shared/contract/crash-event';
import type { Queryable } from '../../db/database';
import { conflict } from '../../http/errors';
import type { VisibleCrash } from './crash-access';

export async function reviewCrash(q: Queryable, crash: VisibleCrash, userId: string, review: CrashReview) {
  if (crash.status !== 'NEW') throw conflict(`This crash is ${crash.status} already: only a NEW crash can be approved or rejected.`);
  await q.query(
    `update crash_events set status = $2, review_comment = $3, reviewed_by = $4, reviewed_at = now() where id = $1 and status = 'NEW'`,
    [crash.id, review.status, review.comment || null, userId],
  );
}
