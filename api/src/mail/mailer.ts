/**
 * Outgoing mail through an outbox. A message is written to outbox_emails inside the caller's
 * transaction, so it exists exactly when the change that caused it commits. Without SMTP_URL it is
 * kept there (status 'kept'); with SMTP_URL a delivery pass sends pending rows after commit (kicked
 * at once, and every few seconds in case a kick ran before the commit) and records the outcome.
 * Attachments are files kept under DATA_DIR, referenced by their path in outbox_email_attachments (the
 * file is read when the mail is sent, never copied into the database).
 */
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Database, Queryable } from '../db/database';

export interface MailAttachment {
  fileName: string;
  contentType: string;
  /** The file's path relative to DATA_DIR. */
  path: string;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  kind: string;
  attachments?: MailAttachment[];
}

export interface Mailer {
  enqueue(q: Queryable, mail: OutgoingMail): Promise<void>;
  /** Asks for a delivery pass soon; call after the transaction that enqueued has committed. */
  kick(): void;
  close(): void;
}

const RETRY_INTERVAL_MS = 5000;
const MAX_ATTEMPTS = 5;

/** An attachment's file under DATA_DIR; a stored path that leads out of it is refused. */
export function attachmentFile(dataDir: string, relativePath: string): string {
  const root = path.resolve(dataDir);
  const file = path.resolve(root, relativePath);
  if (!file.startsWith(root + path.sep)) throw new Error('An attachment path leads out of DATA_DIR.');
  return file;
}

export function createMailer(
  db: Database,
  smtpUrl: string | null,
  from: string,
  log: (msg: string) => void,
  dataDir: string = process.cwd(),
): Mailer {
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  let running: Promise<void> | null = null;

  const attachmentsOf = async (emailId: string) =>
    (
      await db.query<{ file_name: string; content_type: string; file_path: string }>(
        `select file_name, content_type, file_path from outbox_email_attachments where email_id = $1 order by position`,
        [emailId],
      )
    ).map((a) => ({ filename: a.file_name, contentType: a.content_type, path: attachmentFile(dataDir, a.file_path) }));

  async function deliverPending() {
    const pending = await db.query<{ id: string; to_address: string; subject: string; body_text: string; kind: string }>(
      `select id, to_address, subject, body_text, kind from outbox_emails where status = 'pending' and attempts < $1 order by date_created limit 20`,
      [MAX_ATTEMPTS],
    );
    for (const mail of pending) {
      try {
        const attachments = await attachmentsOf(mail.id);
        await transport!.sendMail({ from, to: mail.to_address, subject: mail.subject, text: mail.body_text, attachments });
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
      const row = await q.one<{ id: string }>(
        `insert into outbox_emails (to_address, subject, body_text, kind, status) values ($1, $2, $3, $4, $5) returning id`,
        [mail.to, mail.subject, mail.text, mail.kind, transport ? 'pending' : 'kept'],
      );
      for (const [position, attachment] of (mail.attachments ?? []).entries()) {
        attachmentFile(dataDir, attachment.path);
        await q.query(
          `insert into outbox_email_attachments (email_id, file_name, content_type, file_path, position) values ($1, $2, $3, $4, $5)`,
          [row!.id, attachment.fileName, attachment.contentType, attachment.path, position],
        );
      }
    },
    kick: () => void setTimeout(pass, 0),
    close: () => timer && clearInterval(timer),
  };
}
