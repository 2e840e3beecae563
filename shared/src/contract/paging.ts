/** Paging query parameters shared by every list call: page, size, sortField, sortOrder, search. */
import { z } from 'zod';
import { PAGING_DEFAULTS } from '../constants';
import { INT4_MAX, instantSchema, normaliseSearch } from '../validation';

/** A page number or size from the query string: a whole number from 1 to int4's maximum (the offset it makes stays exact). */
export const wholeNumberFromQuery = (fallback: number) =>
  z.preprocess(
    (v) => (v === undefined || v === '' ? fallback : Number(v)),
    z.number().int('Must be a whole number.').min(1, 'Must be 1 or more.').max(INT4_MAX, `Must be at most ${INT4_MAX}.`),
  );

export const sortOrderSchema = z.preprocess((v) => (typeof v === 'string' ? v.toUpperCase() : v), z.enum(['ASC', 'DESC'])).optional();

export const pagingQuerySchema = z.object({
  page: wholeNumberFromQuery(PAGING_DEFAULTS.page),
  size: wholeNumberFromQuery(PAGING_DEFAULTS.size),
  sortField: z.string().max(64).optional(),
  sortOrder: sortOrderSchema,
  search: z.string().max(200).optional().transform(normaliseSearch),
});
export type PagingQuery = z.infer<typeof pagingQuerySchema>;

/** Optional date window used by report-like lists (ISO dates or date-times). */
export const dateWindowSchema = z.object({
  startDate: instantSchema().optional(),
  endDate: instantSchema().optional(),
});

export interface Page<T> {
  items: T[];
  paging: { pageNumber: number; pageSize: number; total: number };
}
