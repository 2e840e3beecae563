/**
 * A searched list page found by walking the list in its own order (an index that carries the
 * searched text), instead of collecting every match first. A broad search ("Market" among a million
 * activities) fills a page after a few hundred entries, where finding
 * and counting all its matches took thousands of table reads; its total is then estimated from the
 * share of matches among the entries walked, and said to be an estimate. A narrow search finds too
 * few matches within the walk's budget, and the caller counts it exactly the usual way (a trigram
 * index, which is quick when the matches are few).
 */
import type { Queryable } from './database';

/** Entries a walk may read, per match it needs: a search matching fewer than 1 in 20 is narrow enough to count exactly. */
const ENTRIES_PER_MATCH = 20;
/** A walk goes on to at least this many matches, so that an estimated total rests on more than a page's few. */
const SAMPLE_MATCHES = 50;
/** A walk reads at least this many entries (a small list is then always walked whole, and so counted exactly) ... */
const BUDGET_MIN = 2_000;
/** ... and at most this many (a deep page of a broad search is counted exactly instead). */
const BUDGET_MAX = 20_000;
/** Rows of a walk's sample (SearchWalk.sample): a share of 1 in 20 is then about 25 matches, an estimate within about a fifth. */
const SAMPLE_SIZE = 500;

export interface SearchWalk {
  /**
   * SQL of the list's rows in its order, as columns `id` and `hit` (the row matches the search) and
   * the sort keys `orderBy` names; read only as far as needed. Its parameters are `params`.
   */
  ordered: string;
  /** ORDER BY over the columns of `ordered` (the list's order). */
  orderBy: string;
  /** SQL of the number of rows the walk goes through (the list without its search), cheaply (a counter). */
  population: string;
  /**
   * SQL of those rows in an order that has nothing to do with the search (their creation), as a
   * column `hit`. Its first SAMPLE_SIZE rows are read first: a search whose share of them would not
   * give the page within the walk's budget is taken for narrow and not walked at all (it would read
   * the whole budget in vain), and a walked search's total is estimated from their share, which a
   * list order that gathers the matches (users sorted by first name, searched by one) cannot skew.
   */
  sample?: string;
  params: unknown[];
  offset: number;
  limit: number;
}

export interface WalkedPage {
  /** The page's ids, in list order. */
  ids: string[];
  total: number;
  /** True when the total was estimated from the entries walked rather than counted. */
  totalEstimated: boolean;
}

/** The entries a walk may read to fill a page that ends at `needed` matches. */
export const walkBudget = (needed: number) => Math.min(Math.max(BUDGET_MIN, ENTRIES_PER_MATCH * needed), BUDGET_MAX);

/**
 * The page, when a walk within its budget fills it or reads the whole list; null when the search is
 * too narrow for that (the caller then finds and counts its matches exactly).
 */
export async function walkedPage(q: Queryable, walk: SearchWalk): Promise<WalkedPage | null> {
  const needed = walk.offset + walk.limit;
  const sought = Math.max(needed, SAMPLE_MATCHES);
  const budget = walkBudget(sought);
  // A search the sample found broad may still have its matches gathered late in the list's order (a
  // first name whose holders' surnames sort late): it may walk on to BUDGET_MAX, which it stops short
  // of as soon as it has its matches.
  const reach = walk.sample ? BUDGET_MAX : budget;
  if (sought > BUDGET_MAX) return null;
  // `seen` numbers every entry walked, so that the last match says how far the walk went. With a
  // sample, the walk runs only when the sample's share is broad enough (or the sample is the whole list).
  const sampled = walk.sample
    ? `sampled as materialized (
         select count(*) filter (where s.hit)::int as hits, count(*)::int as rows from (select x.hit from (${walk.sample}) x limit ${SAMPLE_SIZE}) s
       ),
       broad as materialized (select hits * ${budget} >= rows * ${sought} or rows < ${SAMPLE_SIZE} as yes from sampled),`
    : 'sampled as (select 0 as hits, 0 as rows), broad as (select true as yes),';
  const [found] = await q.query<{
    ids: string[];
    seen: number;
    population: number;
    walked: boolean;
    sample_hits: number;
    sample_rows: number;
  }>(
    `with ${sampled} walked as materialized (
       select n.id, n.seen from (
         select w.id, w.hit, row_number() over (order by ${walk.orderBy}) as seen from (${walk.ordered} order by ${walk.orderBy} limit ${reach}) w
       ) n where n.hit and (select yes from broad) limit ${sought}
     )
     select array(select id from walked order by seen) as ids, (select coalesce(max(seen), 0) from walked)::int as seen, (${walk.population})::int as population,
       (select yes from broad) as walked, (select hits from sampled) as sample_hits, (select rows from sampled) as sample_rows`,
    walk.params,
  );
  const { ids, seen, population, walked, sample_hits: sampleHits, sample_rows: sampleRows } = found!;
  if (!walked) return null;
  const page = ids.slice(walk.offset, needed);
  if (ids.length === sought) {
    // Enough matches within `seen` entries: as many again in the same share of the rest (or the share in the sample).
    const share = sampleHits > 0 && sampleRows === SAMPLE_SIZE ? sampleHits / sampleRows : sought / seen;
    const estimate = Math.max(sought, Math.round(share * population));
    return { ids: page, total: seen >= population ? sought : estimate, totalEstimated: seen < population };
  }
  // Fewer matches than the page needs, and the walk read every entry: these are all of them.
  if (population <= reach) return { ids: page, total: ids.length, totalEstimated: false };
  return null;
}
