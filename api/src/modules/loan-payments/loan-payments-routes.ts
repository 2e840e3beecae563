/**
 * Payments (issue 21; sales spec /clients/payments): listed paged for the subtree (or one loan), taken,
 * edited (amount, date, reference) and reversed; each write replays the loan's payments onto its schedule.
 * A reversal waits for a checker where the tenant's maker-checker rules say so (202 with the request).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  loanPaymentCreateSchema,
  loanPaymentIdParams,
  loanPaymentListQuerySchema,
  loanPaymentReverseSchema,
  loanPaymentSchema,
  loanPaymentUpdateSchema,
} from '@meridian/shared/contract/loan-payment';
import { checkRequestSchema } from '@meridian/shared/contract/maker-checker';
import type { AppContext } from '../../context';
import { AppError, fieldError } from '../../http/errors';
import { ok, paged } from '../../http/envelope';
import { answers, pagedAnswers } from '../../http/route-answers';
import { lockedLoan, visibleLoan } from '../loans/loan-access';
import { checkRequestById, doOrQueue, queuedMessage } from '../maker-checker/maker-checker-queue';
import { lockedPayment, PAYMENT_READERS, PAYMENT_REVERSERS, PAYMENT_TAKERS, visiblePayment } from './loan-payment-access';
import { paymentById, paymentPage } from './loan-payment-read';
import { checkReverse, editPayment, reversePayment, takePayment } from './loan-payment-write';

export const loanPaymentsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, config } = ctx;
    const tags = ['loan payments'];

    app.get(
      '/clients/payments',
      { config: PAYMENT_READERS, schema: { tags, querystring: loanPaymentListQuerySchema, response: pagedAnswers(loanPaymentSchema) } },
      async (request) => {
        const { items, paging } = await paymentPage(db, request.scope, request.query, config.maxPageSize);
        return paged(items, paging);
      },
    );

    app.get(
      '/clients/payments/:id',
      { config: PAYMENT_READERS, schema: { tags, params: loanPaymentIdParams, response: answers(loanPaymentSchema) } },
      async (request) => ok(await paymentById(db, (await visiblePayment(db, request.scope, request.params.id)).id)),
    );

    app.post(
      '/clients/payments',
      { config: PAYMENT_TAKERS, schema: { tags, body: loanPaymentCreateSchema, response: answers(loanPaymentSchema, { status: 201 }) } },
      async (request, reply) => {
        const id = await db.tx(async (q) => {
          let loan;
          try {
            loan = await visibleLoan(q, request.scope, request.body.loanId, { lock: true });
          } catch (error) {
            if (error instanceof AppError && error.statusCode === 404) throw fieldError('loanId', 'There is no such loan.');
            throw error;
          }
          return takePayment(q, loan, request.body, request.principal.userId);
        });
        reply.status(201);
        return ok(await paymentById(db, id), 'Payment taken.');
      },
    );

    app.put(
      '/clients/payments/:id',
      {
        config: PAYMENT_TAKERS,
        schema: { tags, params: loanPaymentIdParams, body: loanPaymentUpdateSchema, response: answers(loanPaymentSchema) },
      },
      async (request) => {
        await db.tx(async (q) => {
          const seen = await visiblePayment(q, request.scope, request.params.id);
          const loan = await lockedLoan(q, seen.loan_id);
          await editPayment(q, loan, await lockedPayment(q, seen.id), request.body, request.principal.userId);
        });
        return ok(await paymentById(db, request.params.id), 'Payment saved.');
      },
    );

    app.post(
      '/clients/payments/:id/reverse',
      {
        config: PAYMENT_REVERSERS,
        schema: {
          tags,
          params: loanPaymentIdParams,
          body: loanPaymentReverseSchema,
          response: answers(loanPaymentSchema, { also: { 202: checkRequestSchema } }),
        },
      },
      async (request, reply) => {
        const { userId } = request.principal;
        const outcome = await db.tx(async (q) => {
          const seen = await visiblePayment(q, request.scope, request.params.id);
          const loan = await lockedLoan(q, seen.loan_id);
          const payment = await lockedPayment(q, seen.id);
          return doOrQueue(
            q,
            { action: 'payment-reversal', loan, paymentId: payment.id, payload: request.body, userId },
            () => checkReverse(loan, payment),
            () => reversePayment(q, loan, payment, request.body, userId),
          );
        });
        if (outcome.queued) {
          reply.status(202);
          return ok(await checkRequestById(db, outcome.requestId), queuedMessage('payment-reversal'));
        }
        return ok(await paymentById(db, request.params.id), 'Payment reversed.');
      },
    );
  };
