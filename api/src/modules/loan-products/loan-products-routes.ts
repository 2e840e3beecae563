/**
 * Loan products (issue 21; sales spec /products and the product configurator): a company's catalogue,
 * listed paged and searched, read with its history, created and edited with ADMIN/PRODUCTS; read by
 * whoever applies for or reads loans, since they choose a product.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  loanProductDetailsSchema,
  loanProductIdParams,
  loanProductListQuerySchema,
  loanProductSaveSchema,
  loanProductSchema,
  productCategorySchema,
  productConfiguratorAnswerSchema,
} from '@meridian/shared/contract/loan-product';
import { pagingQuerySchema } from '@meridian/shared/contract/paging';
import type { AppContext } from '../../context';
import { ok, paged } from '../../http/envelope';
import { answers, pagedAnswers, pagedRecordAnswers } from '../../http/route-answers';
import { PRODUCT_CREATORS, PRODUCT_EDITORS, PRODUCT_PICKERS, visibleProduct } from './loan-product-access';
import { configuratorPage, productById, productCategories, productPage } from './loan-product-read';
import { createProduct, updateProduct } from './loan-product-write';

export const loanProductsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db, config } = ctx;
    const tags = ['loan products'];

    app.get(
      '/loan-products',
      { config: PRODUCT_PICKERS, schema: { tags, querystring: loanProductListQuerySchema, response: pagedAnswers(loanProductSchema) } },
      async (request) => {
        const { items, paging } = await productPage(db, request.scope, request.query, config.maxPageSize);
        return paged(items, paging);
      },
    );

    app.get(
      '/loan-products/categories',
      { config: PRODUCT_PICKERS, schema: { tags, response: answers(z.array(productCategorySchema)) } },
      async () => ok(await productCategories(db)),
    );

    app.get(
      '/loan-products/:id',
      { config: PRODUCT_PICKERS, schema: { tags, params: loanProductIdParams, response: answers(loanProductDetailsSchema) } },
      async (request) => ok(await productById(db, (await visibleProduct(db, request.scope, request.params.id)).id)),
    );

    app.post(
      '/loan-products',
      {
        config: PRODUCT_CREATORS,
        schema: { tags, body: loanProductSaveSchema, response: answers(loanProductDetailsSchema, { status: 201 }) },
      },
      async (request, reply) => {
        const id = await db.tx((q) => createProduct(q, request.scope, request.principal.userId, request.body));
        reply.status(201);
        return ok(await productById(db, id), 'Loan product created.');
      },
    );

    app.put(
      '/loan-products/:id',
      {
        config: PRODUCT_EDITORS,
        schema: { tags, params: loanProductIdParams, body: loanProductSaveSchema, response: answers(loanProductDetailsSchema) },
      },
      async (request) => {
        await db.tx(async (q) =>
          updateProduct(
            q,
            request.scope,
            request.principal.userId,
            await visibleProduct(q, request.scope, request.params.id, { owned: true, lock: true }),
            request.body,
          ),
        );
        return ok(await productById(db, request.params.id), 'Loan product saved.');
      },
    );

    app.get(
      '/onboarding/product/product-configurator',
      {
        config: PRODUCT_PICKERS,
        schema: { tags, querystring: pagingQuerySchema, response: pagedRecordAnswers(productConfiguratorAnswerSchema) },
      },
      async (request) => {
        const { rows, paging } = await configuratorPage(db, request.scope, request.query, config.maxPageSize);
        return paged({ productConfigurator: rows }, paging);
      },
    );
  };
