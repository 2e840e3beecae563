/**
 * Asking a lead for consent to check their credit record and affordability: by e-mail, the one
 * channel there is (no SMS gateway exists). The mail goes through the outbox, in the caller's transaction.
 */
import { ERROR_CODES } from '@meridian/shared/contract/envelope';
import type { z } from 'zod';
import type { ConsentRequestSent, consentRequestSchema } from '@meridian/shared/contract/lead';
import type { TenantScope } from '../../auth/principal';
import type { Queryable } from '../../db/database';
import { AppError, conflict, fieldError } from '../../http/errors';
import type { Mailer } from '../../mail/mailer';
import { companyOf } from '../../tenancy/company-of';
import { visibleLead } from './lead-access';

/** Queues the consent e-mail to a visible lead and marks its consent as requested. */
export async function requestConsent(
  q: Queryable,
  mailer: Mailer,
  scope: TenantScope,
  input: z.infer<typeof consentRequestSchema>,
): Promise<ConsentRequestSent> {
  const lead = await visibleLead(q, scope, input.leadId);
  if (input.tenantId && input.tenantId !== lead.tenantId) throw fieldError('tenantId', 'This lead belongs to another tenant.');
  if (lead.consentStatus === 'PROVIDED') throw conflict('This lead has already given consent.');
  if (!lead.emailAddress) {
    // No SMS gateway exists; e-mail is the one channel there is.
    throw new AppError(
      422,
      ERROR_CODES.VALIDATION,
      `No SMS gateway is configured, so the consent request cannot be sent to ${input.mobileNumber ?? lead.contactNumber}. Add an e-mail address to the lead to send it by e-mail.`,
    );
  }
  const company = await companyOf(q, lead.tenantId);
  const agent = lead.assignedUserId
    ? await q.one<{ name: string; mobile: string | null }>(
        `select trim(first_name || ' ' || last_name) as name, mobile from users where id = $1`,
        [lead.assignedUserId],
      )
    : null;
  const contact = agent ? `${agent.name}${agent.mobile ? ` on ${agent.mobile}` : ''}` : `${company.name}`;
  await mailer.enqueue(q, {
    to: lead.emailAddress,
    kind: 'lead-consent',
    subject: `${company.name} asks for your consent`,
    text:
      `Hello ${lead.firstName},\n\n${company.name} asks for your consent to check your credit record and affordability for your application.\n\n` +
      `To give or refuse your consent, reply to this e-mail or speak to ${contact}.\n\nIf you did not apply, you can ignore this e-mail.`,
  });
  const row = await q.one<{ consent_requested_at: Date }>(
    `update leads set consent_status = 'REQUESTED', consent_date = null, consent_requested_at = now(), date_modified = now() where id = $1 returning consent_requested_at`,
    [lead.Id],
  );
  return {
    leadId: lead.Id,
    channel: 'email',
    sentTo: lead.emailAddress,
    consentStatus: 'REQUESTED',
    consentRequestedAt: row!.consent_requested_at.toISOString(),
  };
}
