/**
 * Commands waiting in command_queue for a device. A listener takes the oldest one for a device that
 * just reported (its position already stored), or that it is connected to when one is queued, hands
 * it on, and it is marked sent.
 * The devices asking in one turn of the event loop are served by one statement.
 */
import type { Queryable } from '../../db/database';
import { COMMAND_ANSWER_TIMEOUT_SECONDS_DEFAULT } from '@meridian/shared/contract/geo-command';
import { batchedPerTick } from './tick-batch';

export interface QueuedCommand {
  id: string;
  deviceId: string;
  type: string;
  attributes: Record<string, unknown>;
}

export interface CommandQueue {
  /** The device's oldest unsent command (now marked sent), or null. */
  take(deviceId: string): Promise<QueuedCommand | null>;
}

/**
 * The oldest unsent command of each device asked for, locked so two processes never send one twice
 * (a command another process holds is left to it), then marked sent.
 */
const TAKE_OLDEST = `
  with next as (
    select q.id
      from unnest($1::uuid[]) as asked(device_id)
      join command_queue q on q.device_id = asked.device_id and q.sent_at is null
     where ($2::text[] is null or q.command_type = any($2::text[]))
       and not exists (
         select 1 from command_queue e
          where e.device_id = q.device_id and e.sent_at is null
            and ($2::text[] is null or e.command_type = any($2::text[]))
            and (e.date_created, e.id) < (q.date_created, q.id))
       for update of q skip locked
  )
  update command_queue c set sent_at = now(), sent_over = $3 from next where c.id = next.id
  returning c.id, c.device_id, c.command_type, c.attributes`;

/** The text a device is sent for a command: a custom command's data, else the command's type. */
export function commandText(command: QueuedCommand): string {
  const data = command.attributes.data;
  return command.type === 'custom' && typeof data === 'string' ? data : command.type;
}

/**
 * `protocol`: what the commands are sent over (kept on them: a Teltonika tracker answers, an OsmAnd
 * client does not). `types`: only commands of these types are taken (the ones the protocol can
 * carry); null: any.
 */
export function createCommandQueue(db: Queryable, protocol: string, types: string[] | null = null): CommandQueue {
  const take = batchedPerTick(
    async (deviceIds) => {
      const rows = await db.query<{ id: string; device_id: string; command_type: string; attributes: Record<string, unknown> }>(
        TAKE_OLDEST,
        [deviceIds, types, protocol],
      );
      return new Map(rows.map((r) => [r.device_id, { id: r.id, deviceId: r.device_id, type: r.command_type, attributes: r.attributes }]));
    },
    // Two reports of one device in a turn: the first carries the command, the other nothing.
    { firstCallerOnly: true },
  );
  return { take };
}

/** Commands sent to a tracker that answers, with no answer in time: failed, saying why. Answers how many. */
export async function failUnansweredCommands(db: Queryable, timeoutSeconds = COMMAND_ANSWER_TIMEOUT_SECONDS_DEFAULT): Promise<number> {
  const rows = await db.query(
    `update command_queue set failed_at = now(), failure = $1
      where sent_over = 'teltonika' and result is null and failed_at is null
        and sent_at < now() - make_interval(secs => $2)
      returning id`,
    [`The device did not answer within ${timeoutSeconds} seconds.`, timeoutSeconds],
  );
  return rows.length;
}
