import { pagingQuerySchema } from './paging';

describe('paging query', () => {
  test('defaults are page 1, size 10000 and search %%', () => {
    expect(pagingQuerySchema.parse({})).toEqual({ page: 1, size: 10000, search: '%%' });
  });

  test('query strings become numbers, sort order is upper-cased and search normalised', () => {
    expect(pagingQuerySchema.parse({ page: '2', size: '25', sortOrder: 'asc', search: ' smith ' })).toEqual({
      page: 2,
      size: 25,
      sortOrder: 'ASC',
      search: 'SMITH',
    });
  });

  test('non-positive or non-numeric pages are refused', () => {
    expect(pagingQuerySchema.safeParse({ page: '0' }).success).toBe(false);
    expect(pagingQuerySchema.safeParse({ size: 'ten' }).success).toBe(false);
    expect(pagingQuerySchema.safeParse({ sortOrder: 'sideways' }).success).toBe(false);
  });
});
