/**
 * Consent forms of loan applications (issue 21, item 5; sales spec /spousalconsent, /guarantorform):
 * listed paged for the subtree (or one loan), captured with a drawn signature, read, downloaded as a PDF
 * and voided by credit staff. Who sees what is in consent-access.ts; the signature's checks and file in
 * consent-signature.ts; the PDF in consent-pdf.ts.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  consentCreateSchema,
  consentIdParams,
  consentListQuerySchema,
  consentVoidSchema,
  loanConsentSchema,
} from '@meridian/shared/contract/loan-consent';
import type { AppContext } from '../../context';
import { AppError, fieldError } from '../../http/errors';
import { ok, paged } from '../../http/envelope';
import { answers, binaryAnswer, pagedAnswers } from '../../http/route-answers';
import { visibleLoan } from '../loans/loan-access';
import { attachmentDisposition } from '../templates/template-documents';
import { CONSENT_CAPTURERS, CONSENT_READERS, CONSENT_VOIDERS, visibleConsent } from './consent-access';
import { consentPdfOf } from './consent-pdf';
import { consentById, consentPage } from './consent-read';
import { checkedSignature, signatureStore } from './consent-signature';
import { insertConsent, voidConsent } from './consent-write';

export const loanConsentsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, config } = ctx;
    const tags = ['loan consent forms'];
    const store = signatureStore(config.dataDir, (message) => app.log.warn(message));

    app.get(
      '/loan-consents',
      { config: CONSENT_READERS, schema: { tags, querystring: consentListQuerySchema, response: pagedAnswers(loanConsentSchema) } },
      async (request) => {
        const { items, paging } = await consentPage(db, request.scope, request.query, config.maxPageSize);
        return paged(items, paging);
      },
    );

    app.get(
      '/loan-consents/:id',
      { config: CONSENT_READERS, schema: { tags, params: consentIdParams, response: answers(loanConsentSchema) } },
      async (request) => ok(await consentById(db, (await visibleConsent(db, request.scope, request.params.id)).id)),
    );

    app.post(
      '/loan-consents',
      { config: CONSENT_CAPTURERS, schema: { tags, body: consentCreateSchema, response: answers(loanConsentSchema, { status: 201 }) } },
      async (request, reply) => {
        const png = await checkedSignature(request.body.signaturePng);
        const id = randomUUID();
        const file = await store.write(id, png);
        try {
          await db.tx(async (q) => {
            let loan;
            try {
              loan = await visibleLoan(q, request.scope, request.body.loanId, { lock: true });
            } catch (error) {
              if (error instanceof AppError && error.statusCode === 404) throw fieldError('loanId', 'There is no such loan.');
              throw error;
            }
            await insertConsent(q, loan, request.body, { id, file, bytes: png.length }, request.principal.userId);
          });
        } catch (error) {
          // The row was not stored: its signature goes too.
          await store.discard(id);
          throw error;
        }
        reply.status(201);
        return ok(await consentById(db, id), request.body.kind === 'spousal' ? 'Spousal consent saved.' : 'Guarantor form saved.');
      },
    );

    app.get(
      '/loan-consents/:id/pdf',
      { config: CONSENT_READERS, schema: { tags, params: consentIdParams, response: binaryAnswer(['application/pdf']) } },
      async (request, reply) => {
        const consent = await visibleConsent(db, request.scope, request.params.id);
        const { pdf, fileName } = await consentPdfOf(db, consent.id, await store.read(consent.id), request.principal.userName);
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', attachmentDisposition(fileName))
          .header('x-content-type-options', 'nosniff')
          .send(pdf);
      },
    );

    app.post(
      '/loan-consents/:id/void',
      { config: CONSENT_VOIDERS, schema: { tags, params: consentIdParams, body: consentVoidSchema, response: answers(loanConsentSchema) } },
      async (request) => {
        await db.tx(async (q) => {
          const consent = await visibleConsent(q, request.scope, request.params.id, { lock: true });
          await voidConsent(q, consent, request.body, request.principal.userId);
        });
        return ok(await consentById(db, request.params.id), 'Form voided.');
      },
    );
  };
