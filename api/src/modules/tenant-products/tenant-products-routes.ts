/** The product catalogue, and the products each tenant of the acting subtree offers (the product configurator). */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FieldErrors } from '@meridian/shared/contract/envelope';
import {
  tenantProductsSaveSchema,
  type CatalogueProduct,
  type TenantProductsSave,
  catalogueProductSchema,
} from '@meridian/shared/contract/tenant-product';
import { MESSAGES } from '@meridian/shared/messages';
import { idSchema } from '@meridian/shared/validation';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/database';
import { badRequest } from '../../http/errors';
import { ok } from '../../http/envelope';
import { tenantInScope } from '../../tenancy/scope';
import { answers } from '../../http/route-answers';
import { allow } from '../../auth/allow';
import { tenantProducts as tenantProductsResource } from '@meridian/shared/contract/areas/admin';

const PRODUCT_ADMINS = allow(tenantProductsResource, 'read');
const idParams = z.object({ id: idSchema });

const PRODUCT_COLUMNS = `c.id as "productCategoryId", c.name as "productCategoryName", p.id as "productId", p.name as "productName", p.code as "productCode"`;
const CATALOGUE = `from products p join product_categories c on c.id = p.category_id`;
const ORDER = `order by c.name, p.name`;

const tenantProducts = (q: Queryable, tenantId: string) =>
  q.query<CatalogueProduct>(
    `select ${PRODUCT_COLUMNS} ${CATALOGUE} join tenant_products tp on tp.product_id = p.id where tp.tenant_id = $1 ${ORDER}`,
    [tenantId],
  );

/** Every chosen product must be an active catalogue product of the category it is chosen under. */
async function assertInCatalogue(q: Queryable, chosen: TenantProductsSave['products']) {
  const known = await q.query<{ id: string; category_id: string }>(
    `select id, category_id from products where id = any($1::uuid[]) and active`,
    [chosen.map((c) => c.productId)],
  );
  const categoryOf = new Map(known.map((p) => [p.id, p.category_id]));
  const fieldErrors: FieldErrors = {};
  chosen.forEach((choice, i) => {
    const category = categoryOf.get(choice.productId);
    if (!category) fieldErrors[`products.${i}.productId`] = [MESSAGES.productNotInCatalogue];
    else if (category !== choice.productCategoryId) fieldErrors[`products.${i}.productCategoryId`] = [MESSAGES.productInOtherCategory];
  });
  if (Object.keys(fieldErrors).length) throw badRequest(MESSAGES.validationFailed, fieldErrors);
}

export const tenantProductsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = ctx;
    const tags = ['tenant-products'];

    app.get(
      '/tenants/products/catalogue',
      { config: PRODUCT_ADMINS, schema: { tags, response: answers(z.array(catalogueProductSchema)) } },
      async () => ok(await db.query<CatalogueProduct>(`select ${PRODUCT_COLUMNS} ${CATALOGUE} where p.active ${ORDER}`)),
    );

    app.get(
      '/tenants/:id/products',
      { config: PRODUCT_ADMINS, schema: { tags, params: idParams, response: answers(z.array(catalogueProductSchema)) } },
      async (request) => {
        const tenant = await tenantInScope(db, request.scope, request.params.id);
        return ok(await tenantProducts(db, tenant.id));
      },
    );

    app.put(
      '/tenants/:id/products',
      {
        config: PRODUCT_ADMINS,
        schema: { tags, params: idParams, body: tenantProductsSaveSchema, response: answers(z.array(catalogueProductSchema)) },
      },
      async (request) => {
        const { products } = request.body;
        const tenant = await db.tx(async (q) => {
          const inScope = await tenantInScope(q, request.scope, request.params.id);
          await assertInCatalogue(q, products);
          await q.query(`delete from tenant_products where tenant_id = $1`, [inScope.id]);
          await q.query(`insert into tenant_products (tenant_id, product_id) select $1, unnest($2::uuid[]) on conflict do nothing`, [
            inScope.id,
            [...new Set(products.map((p) => p.productId))],
          ]);
          return inScope;
        });
        return ok(await tenantProducts(db, tenant.id), 'Products saved.');
      },
    );
  };
