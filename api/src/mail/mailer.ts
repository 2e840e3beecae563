/**
 * Outgoing mail through an outbox. A message is written to outbox_emails inside the caller's
 * transaction, so it exists exactly when the change that caused it commits. Without SMTP_URL it is
 * kept there (status 'kept'); with SMTP_URL a delivery pass sends pending rows after commit (kicked
 * at once, and every few seconds in case a kick ran before the commit) and records the outcome.
 */
import nodemailer from 'nodemailer';
import type { Database, Queryable } from '../db/database';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  kind: string;
}

export interface Mailer {
  enqueue(q: Queryable, mail: OutgoingMail): Promise<void>;
  /** Asks for a delivery pass soon; call after the transaction that enqueued has committed. */
  kick(): void;
  close(): void;
}

const RETRY_INTERVAL_MS = 5000;
const MAX_ATTEMPTS = 5;

export function createMailer(db: Database, smtpUrl: string | null, from: string, log: (msg: string) => void): Mailer {
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  let running: Promise<void> | null = null;

  async function deliverPending() {
    const pending = await db.query<{ id: string; to_address: string; subject: string; body_text: string; kind: string }>(
      `select id, to_address, subject, body_text, kind from outbox_emails where status = 'pending' and attempts < $1 order by date_created limit 20`,
      [MAX_ATTEMPTS],
    );
    for (const mail of pending) {
      try {
        await transport!.sendMail({ from, to: mail.to_address, subject: mail.subject, text: mail.body_text });
        await db.query(`update outbox_emails set status = 'sent', attempts = attempts + 1, sent_at = now() where id = $1`, [mail.id]);
      } catch (error) {
        log(`mail ${mail.kind} could not be sent: ${(error as Error).message}`);
        await db.query(
          `update outbox_emails set attempts = attempts + 1, last_error = $2, status = case when attempts + 1 >= $3 then 'failed' else 'pending' end where id = $1`,
          [mail.id, (error as Error).message, MAX_ATTEMPTS],
        );
      }
    }
  }

  const pass = () => {
    if (!transport || running) return;
    running = deliverPending()
      .catch((error) => log(`mail delivery pass failed: ${(error as Error).message}`))
      .finally(() => {
        running = null;
      });
  };
  const timer = transport ? setInterval(pass, RETRY_INTERVAL_MS) : null;
  timer?.unref();

  return {
    async enqueue(q, mail) {
      await q.query(`insert into outbox_emails (to_address, subject, body_text, kind, status) values ($1, $2, $3, $4, $5)`, [
        mail.to,
        mail.subject,
        mail.text,
        mail.kind,
        transport ? 'pending' : 'kept',
      ]);
    },
    kick: () => void setTimeout(pass, 0),
    close: () => timer && clearInterval(timer),
  };
}
