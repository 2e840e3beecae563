/** The product catalogue and the products each tenant offers (the spec's product configurator). */
import { z } from 'zod';
import { idSchema } from '../validation';
import { answerId } from './answer-fields';

/** One product of the catalogue with its category, in the spec's product configurator field names. */
export interface CatalogueProduct {
  productCategoryId: string;
  productCategoryName: string;
  productId: string;
  productName: string;
  productCode: string;
}

/** What PUT /tenants/{id}/products takes: the complete set of products the tenant offers. */
export const tenantProductsSaveSchema = z.object({
  products: z
    .array(z.object({ productCategoryId: idSchema, productId: idSchema }), { error: 'Send the list of products, possibly empty.' })
    .max(1000, 'At most 1000 products.'),
});
export type TenantProductsSave = z.infer<typeof tenantProductsSaveSchema>;

export const catalogueProductSchema: z.ZodType<CatalogueProduct> = z
  .strictObject({
    productCategoryId: answerId,
    productCategoryName: z.string(),
    productId: answerId,
    productName: z.string(),
    productCode: z.string(),
  })
  .meta({ id: 'CatalogueProduct' });
