/**
 * Outgoing mail. Every message is kept in the outbox table; with SMTP_URL set it is also sent
 * through that server, and the outcome (sent or failed with the error) is recorded on the row.
 */
import nodemailer from 'nodemailer';
import type { Database } from '../db/database';

export interface OutgoingMail { to: string; subject: string; text: string; kind: string }

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}

export function createMailer(db: Database, smtpUrl: string | null, from: string, log: (msg: string) => void): Mailer {
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  return {
    async send(mail) {
      const row = await db.one<{ id: string }>(
        `insert into outbox_emails (to_address, subject, body_text, kind, status) values ($1, $2, $3, $4, $5) returning id`,
        [mail.to, mail.subject, mail.text, mail.kind, transport ? 'pending' : 'kept'],
      );
      if (!transport) return;
      try {
        await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
        await db.query(`update outbox_emails set status = 'sent', attempts = attempts + 1, sent_at = now() where id = $1`, [row!.id]);
      } catch (error) {
        log(`mail ${mail.kind} could not be sent: ${(error as Error).message}`);
        await db.query(`update outbox_emails set status = 'failed', attempts = attempts + 1, last_error = $2 where id = $1`, [row!.id, (error as Error).message]);
      }
    },
  };
}
