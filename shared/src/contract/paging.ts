/** Paging query parameters shared by every list call: page, size, sortField, sortOrder, search. */
import { z } from 'zod';
import { PAGING_DEFAULTS } from '../constants';
import { normaliseSearch } from '../validation';

const intFromQuery = (fallback: number) =>
  z.preprocess((v) => (v === undefined || v === '' ? fallback : Number(v)), z.number().int('Must be a whole number.').min(1, 'Must be 1 or more.'));

export const sortOrderSchema = z
  .preprocess((v) => (typeof v === 'string' ? v.toUpperCase() : v), z.enum(['ASC', 'DESC']))
  .optional();

export const pagingQuerySchema = z.object({
  page: intFromQuery(PAGING_DEFAULTS.page),
  size: intFromQuery(PAGING_DEFAULTS.size),
  sortField: z.string().max(64).optional(),
  sortOrder: sortOrderSchema,
  search: z.string().max(200).optional().transform(normaliseSearch),
});
export type PagingQuery = z.infer<typeof pagingQuerySchema>;

/** Optional date window used by report-like lists (ISO dates or date-times). */
export const dateWindowSchema = z.object({
  startDate: z.coerce.date().optional(),
  endDate: z.coerce.date().optional(),
});

export interface Page<T> {
  items: T[];
  paging: { pageNumber: number; pageSize: number; total: number };
}
