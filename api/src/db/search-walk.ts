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
   * The walk then needs no count of the entries it read, and reads them without numbering each.
   */
  sample?: string;
  /**
   * SQL of one row of the page, given the SQL expression of its id: the page's rows then come back
   * with the walk, in one statement and one round trip (WalkedPage.rows), instead of being read after it.
   */
  pageRow?: (id: string) => string;
  params: unknown[];
  offset: number;
  limit: number;
}

export interface WalkedPage<Row = never> {
  /** The page's ids, in list order. */
  ids: string[];
  /** The page's rows in list order, when the walk was given `pageRow`. */
  rows: Row[];
  total: number;
  /** True when the total was estimated from the entries walked rather than counted. */
  totalEstimated: boolean;
}

/** The entries a walk may read to fill a page that ends at `needed` matches. */
export const walkBudget = (needed: number) => Math.min(Math.max(BUDGET_MIN, ENTRIES_PER_MATCH * needed), BUDGET_MAX);

/**
 * What the walk's statement answers besides the page's rows (prefixed: they ride on each row). The
 * matches' ids come as an array only without `pageRow`; with it, each row of the page brings its own
 * (parsing a uuid array on every row of the page cost the API more than the walk's other figures).
 */
interface WalkFigures {
  walk_ids?: string[];
  walk_page_id?: string | null;
  walk_found: number;
  walk_seen: number;
  walk_population: number;
  walk_broad: boolean;
  walk_sample_hits: number;
  walk_sample_rows: number;
}

/**
 * The page, when a walk within its budget fills it or reads the whole list; null when the search is
 * too narrow for that (the caller then finds and counts its matches exactly).
 */
export async function walkedPage<Row = never>(q: Queryable, walk: SearchWalk): Promise<WalkedPage<Row> | null> {
  const needed = walk.offset + walk.limit;
  const sought = Math.max(needed, SAMPLE_MATCHES);
  const budget = walkBudget(sought);
  // A search the sample found broad may still have its matches gathered late in the list's order (a
  // first name whose holders' surnames sort late): it may walk on to BUDGET_MAX, which it stops short
  // of as soon as it has its matches.
  const reach = walk.sample ? BUDGET_MAX : budget;
  if (sought > BUDGET_MAX) return null;
  const walked = walk.sample ? sampledWalk(walk, { budget, sought, reach }) : countedWalk(walk, { budget, sought, reach });
  const statement = walk.pageRow
    ? `with ${walked}
       select f.walk_found, f.walk_seen, f.walk_population, f.walk_broad, f.walk_sample_hits, f.walk_sample_rows,
         page.id as walk_page_id, page_row.*
       from figures f
       left join lateral unnest(f.walk_ids[${walk.offset + 1}:${needed}]) with ordinality as page(id, place) on true
       left join lateral (${walk.pageRow('page.id')}) page_row on true
       order by page.place`
    : `with ${walked} select f.* from figures f`;
  const answer = await q.query<WalkFigures & Record<string, unknown>>(statement, walk.params);
  const figures = answer[0]!;
  if (!figures.walk_broad) return null;
  const onPage = walk.pageRow ? answer.filter((row) => row.walk_page_id) : [];
  const found: Found<Row> = walk.pageRow
    ? { ids: onPage.map((row) => row.walk_page_id!), rows: onPage.map(withoutFigures) as Row[] }
    : { ids: figures.walk_ids!.slice(walk.offset, needed), rows: [] };
  return walk.sample ? sampledTotal(found, figures, { sought, reach }) : countedTotal(found, figures, { sought, reach });
}

/** A row of the page without the figures riding on it. */
const withoutFigures = ({
  walk_ids: _ids,
  walk_page_id: _id,
  walk_found: _found,
  walk_seen: _seen,
  walk_population: _population,
  walk_broad: _broad,
  walk_sample_hits: _hits,
  walk_sample_rows: _rows,
  ...row
}: WalkFigures & Record<string, unknown>) => row;

interface Bounds {
  budget: number;
  sought: number;
  reach: number;
}

/**
 * Without a sample: the walk numbers every entry it reads (`seen`), so that the last match says how
 * far it went and the share of matches among the entries read estimates the total.
 */
const countedWalk = (walk: SearchWalk, { sought, reach }: Bounds) => `
  walked as materialized (
    select n.id, n.seen from (
      select w.id, w.hit, row_number() over (order by ${walk.orderBy}) as seen from (${walk.ordered} order by ${walk.orderBy} limit ${reach}) w
    ) n where n.hit limit ${sought}
  ),
  figures as (
    select array(select id from walked order by seen) as walk_ids, (select count(*) from walked)::int as walk_found,
      (select coalesce(max(seen), 0) from walked)::int as walk_seen,
      (${walk.population})::int as walk_population, true as walk_broad, 0 as walk_sample_hits, 0 as walk_sample_rows
  )`;

/**
 * With a sample: the walk runs only when the sample's share is broad enough (or the sample is the whole
 * list), and goes one match past the ones it seeks, so that finding no more within its reach says it
 * read the whole list (when the list is no longer than that) without numbering the entries it read.
 */
const sampledWalk = (walk: SearchWalk, { budget, sought, reach }: Bounds) => `
  sampled as materialized (
    select count(*) filter (where s.hit)::int as hits, count(*)::int as rows from (select x.hit from (${walk.sample}) x limit ${SAMPLE_SIZE}) s
  ),
  broad as materialized (select hits * ${budget} >= rows * ${sought} or rows < ${SAMPLE_SIZE} as yes from sampled),
  walked as materialized (
    select w.* from (${walk.ordered} order by ${walk.orderBy} limit ${reach}) w where w.hit and (select yes from broad) limit ${sought + 1}
  ),
  figures as (
    select array(select id from walked order by ${walk.orderBy}) as walk_ids, (select count(*) from walked)::int as walk_found, 0 as walk_seen, (${walk.population})::int as walk_population,
      (select yes from broad) as walk_broad, (select hits from sampled) as walk_sample_hits, (select rows from sampled) as walk_sample_rows
  )`;

type Found<Row> = Pick<WalkedPage<Row>, 'ids' | 'rows'>;

function countedTotal<Row>(page: Found<Row>, figures: WalkFigures, { sought, reach }: Omit<Bounds, 'budget'>): WalkedPage<Row> | null {
  const { walk_found: found, walk_seen: seen, walk_population: population } = figures;
  if (found === sought) {
    // Enough matches within `seen` entries: as many again in the same share of the rest.
    const estimate = Math.max(sought, Math.round((sought / seen) * population));
    return { ...page, total: seen >= population ? sought : estimate, totalEstimated: seen < population };
  }
  // Fewer matches than the page needs, and the walk read every entry: these are all of them.
  if (population <= reach) return { ...page, total: found, totalEstimated: false };
  return null;
}

function sampledTotal<Row>(page: Found<Row>, figures: WalkFigures, { sought, reach }: Omit<Bounds, 'budget'>): WalkedPage<Row> | null {
  const { walk_found: found, walk_population: population, walk_sample_hits: sampleHits, walk_sample_rows: sampleRows } = figures;
  // No match past those sought, and the list no longer than the walk's reach: it was read whole, these are all.
  if (found <= sought && population <= reach) return { ...page, total: found, totalEstimated: false };
  // Fewer matches than sought within the reach of a longer list: too few to walk for.
  if (found < sought) return null;
  // The sample read the whole list: its matches are all of them.
  if (sampleRows < SAMPLE_SIZE) return { ...page, total: sampleHits, totalEstimated: false };
  // As many matches in the rest of the list as in the sample's share of it (the walk found at least these).
  return { ...page, total: Math.max(found, Math.round((sampleHits / sampleRows) * population)), totalEstimated: true };
}
