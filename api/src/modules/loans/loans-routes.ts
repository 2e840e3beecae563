/**
 * Loans (issue 21): applied for by a client's officer, listed for the subtree (paged, by status or client),
 * read with the stored schedule, paid amounts, arrears and history; approved, rejected, disbursed and
 * written off through the state machine (409 naming both states). Approval, disbursement and write-off
 * wait for a checker where the tenant's maker-checker rules say so (202 with the pending request).
 */
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  disbursementListQuerySchema,
  disbursementSchema,
  loanApplySchema,
  loanApproveSchema,
  loanDetailsSchema,
  loanDisburseSchema,
  loanIdParams,
  loanListQuerySchema,
  loanRejectSchema,
  loanSchema,
  loanWriteOffSchema,
} from '@meridian/shared/contract/loan';
import { checkRequestSchema, type CheckedAction } from '@meridian/shared/contract/maker-checker';
import type { AppContext } from '../../context';
import type { Database, Queryable } from '../../db/database';
import { ok, paged } from '../../http/envelope';
import { answers, pagedAnswers } from '../../http/route-answers';
import { checkRequestById, doOrQueue, queuedMessage } from '../maker-checker/maker-checker-queue';
import {
  DISBURSEMENT_READERS,
  DISBURSERS,
  LOAN_APPLICANTS,
  LOAN_DECIDERS,
  LOAN_READERS,
  LOAN_WRITERS_OFF,
  visibleLoan,
  type LoanRow,
} from './loan-access';
import { disbursementPage, loanById, loanPage } from './loan-read';
import { approveLoan, checkApprove, checkDisburse, checkWriteOff, disburseLoan, rejectLoan, writeOffLoan } from './loan-status';
import { applyForLoan } from './loan-write';

const checkedAnswers = answers(loanDetailsSchema, { also: { 202: checkRequestSchema } });

/** A move that may wait for a checker: the check before queueing, and the move itself. */
interface CheckedMove<T> {
  path: string;
  action: CheckedAction;
  permissions: { permissions: string[] };
  body: z.ZodType<T>;
  check: (loan: LoanRow, input: T) => void;
  act: (q: Queryable, loan: LoanRow, input: T, userId: string) => Promise<void>;
  done: string;
}

function checkedMove<T>(app: FastifyInstance, db: Database, move: CheckedMove<T>) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      move.path,
      { config: move.permissions, schema: { tags: ['loans'], params: loanIdParams, body: move.body, response: checkedAnswers } },
      async (request, reply) => {
        const input = request.body as T;
        const { userId } = request.principal;
        const outcome = await db.tx(async (q) => {
          const loan = await visibleLoan(q, request.scope, request.params.id, { lock: true });
          return doOrQueue(
            q,
            { action: move.action, loan, paymentId: null, payload: input as Record<string, unknown>, userId },
            () => move.check(loan, input),
            () => move.act(q, loan, input, userId),
          );
        });
        if (outcome.queued) {
          reply.status(202);
          return ok(await checkRequestById(db, outcome.requestId), queuedMessage(move.action));
        }
        return ok(await loanById(db, request.params.id), move.done);
      },
    );
}

export const loansRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, config } = ctx;
    const tags = ['loans'];

    app.get(
      '/loans',
      { config: LOAN_READERS, schema: { tags, querystring: loanListQuerySchema, response: pagedAnswers(loanSchema) } },
      async (request) => {
        const { items, paging } = await loanPage(db, request.scope, request.query, config.maxPageSize);
        return paged(items, paging);
      },
    );

    app.get(
      '/loans/:id',
      { config: LOAN_READERS, schema: { tags, params: loanIdParams, response: answers(loanDetailsSchema) } },
      async (request) => ok(await loanById(db, (await visibleLoan(db, request.scope, request.params.id)).id)),
    );

    app.post(
      '/loans',
      { config: LOAN_APPLICANTS, schema: { tags, body: loanApplySchema, response: answers(loanDetailsSchema, { status: 201 }) } },
      async (request, reply) => {
        const id = await db.tx((q) => applyForLoan(q, request.scope, request.principal.userId, request.body));
        reply.status(201);
        return ok(await loanById(db, id), 'Loan application submitted.');
      },
    );

    app.post(
      '/loans/:id/reject',
      { config: LOAN_DECIDERS, schema: { tags, params: loanIdParams, body: loanRejectSchema, response: answers(loanDetailsSchema) } },
      async (request) => {
        await db.tx(async (q) =>
          rejectLoan(q, await visibleLoan(q, request.scope, request.params.id, { lock: true }), request.body, request.principal.userId),
        );
        return ok(await loanById(db, request.params.id), 'Loan application rejected.');
      },
    );

    checkedMove(app, db, {
      path: '/loans/:id/approve',
      action: 'loan-approval',
      permissions: LOAN_DECIDERS,
      body: loanApproveSchema,
      check: checkApprove,
      act: approveLoan,
      done: 'Loan approved.',
    });
    checkedMove(app, db, {
      path: '/loans/:id/disburse',
      action: 'disbursement',
      permissions: DISBURSERS,
      body: loanDisburseSchema,
      check: checkDisburse,
      act: disburseLoan,
      done: 'Loan disbursed: the repayment schedule is set.',
    });
    checkedMove(app, db, {
      path: '/loans/:id/write-off',
      action: 'write-off',
      permissions: LOAN_WRITERS_OFF,
      body: loanWriteOffSchema,
      check: (loan) => checkWriteOff(loan),
      act: writeOffLoan,
      done: 'Loan written off.',
    });

    app.get(
      '/disbursements',
      {
        config: DISBURSEMENT_READERS,
        schema: { tags, querystring: disbursementListQuerySchema, response: pagedAnswers(disbursementSchema) },
      },
      async (request) => {
        const { items, paging } = await disbursementPage(db, request.scope, request.query, config.maxPageSize);
        return paged(items, paging);
      },
    );
  };
