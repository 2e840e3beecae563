/** @jest-environment jsdom */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fail, fakeFetch, ok, renderPage, typist, type FakeCall } from '../testing/page-test-kit';
import { MESSAGES } from '../messages';
import { KEPT_PAGES, pagesForRows, pagesToForget, ScrollingTable, type ScrollingColumn } from './scrolling-table';

interface Visit {
  Id: string;
  name: string;
}

const TOTAL = 100_000;
const ROW_HEIGHT = 40;
const HEIGHT = 400;
const PAGE_SIZE = 100;

/** A server of 100,000 visits (or `total`), answering one page of the size asked. */
function server(call: FakeCall, total = TOTAL) {
  const page = Number(call.query.get('page'));
  const size = Number(call.query.get('size'));
  const from = (page - 1) * size;
  const rows = Array.from({ length: Math.max(0, Math.min(size, total - from)) }, (_, i) => ({
    Id: `v${from + i + 1}`,
    name: `Visit ${from + i + 1}`,
  }));
  const reply = ok(rows);
  (reply.body as { meta: unknown }).meta = { paging: { pageNumber: page, pageSize: size, total } };
  return reply;
}

const COLUMNS: ScrollingColumn<Visit>[] = [{ key: 'name', title: 'Name', sortField: 'name', render: (visit) => visit.name }];

const show = (at = '/visits') =>
  renderPage(
    <ScrollingTable<Visit>
      url="/api/visits"
      columns={COLUMNS}
      rowKey={(v) => v.Id}
      label="Visits"
      emptyText="No visits."
      rowHeight={ROW_HEIGHT}
      height={HEIGHT}
      pageSize={PAGE_SIZE}
      defaultSort={{ field: 'name', order: 'ASC' }}
    />,
    { path: '/visits', at },
  );

const scrollTo = (top: number) => {
  const body = screen.getByTestId('scrolling-body');
  body.scrollTop = top;
  fireEvent.scroll(body);
};

const pagesAsked = (calls: FakeCall[]) => calls.map((call) => Number(call.query.get('page')));

describe('scrolling table', () => {
  test('a result of 100,000 rows asks for the first page only and draws only the rows in view', async () => {
    const { calls } = fakeFetch((call) => server(call));
    show();
    expect(await screen.findByText('Visit 1')).toBeInTheDocument();
    expect(screen.getByText('100,000 rows')).toBeInTheDocument();
    expect(pagesAsked(calls)).toEqual([1]);
    expect(calls[0]!.query.get('size')).toBe(String(PAGE_SIZE));
    expect(screen.getByRole('table', { name: 'Visits' })).toHaveAttribute('aria-rowcount', String(TOTAL + 1));
    // The rows in view and a few around them, not a page's worth and never the whole result.
    const drawn = within(screen.getByTestId('scrolling-body')).getAllByRole('row');
    expect(drawn.length).toBeLessThan(PAGE_SIZE);
    expect(drawn.length).toBeGreaterThanOrEqual(HEIGHT / ROW_HEIGHT);
  });

  test('scrolling to the middle asks for the page under it and shows its rows in their places', async () => {
    const { calls } = fakeFetch((call) => server(call));
    show();
    await screen.findByText('Visit 1');
    scrollTo(50_000 * ROW_HEIGHT);
    expect(await screen.findByText('Visit 50001')).toBeInTheDocument();
    expect(screen.getByText('Visit 50001').closest('[role="row"]')).toHaveAttribute('aria-rowindex', String(50_001 + 1));
    expect(pagesAsked(calls).sort((a, b) => a - b)).toEqual([1, 500, 501]);
    expect(screen.queryByText('Visit 1')).not.toBeInTheDocument();
  });

  test('scrolling far and wide keeps only a few pages in memory', async () => {
    const { calls } = fakeFetch((call) => server(call));
    show();
    await screen.findByText('Visit 1');
    for (let step = 1; step <= 14; step++) {
      scrollTo(step * 6_000 * ROW_HEIGHT);
      await screen.findByText(`Visit ${step * 6_000 + 1}`);
    }
    expect(new Set(pagesAsked(calls)).size).toBeGreaterThan(KEPT_PAGES);
    // Going back to the top asks for page 1 again: it was forgotten on the way.
    scrollTo(0);
    expect(await screen.findByText('Visit 1')).toBeInTheDocument();
    expect(pagesAsked(calls).filter((page) => page === 1)).toHaveLength(2);
  }, 30_000);

  test('sorting asks the server sorted, from the top, and keeps the order in the address', async () => {
    const { calls } = fakeFetch((call) => server(call));
    const { location } = show();
    await screen.findByText('Visit 1');
    scrollTo(10_000 * ROW_HEIGHT);
    await screen.findByText('Visit 10001');
    await typist().click(screen.getByRole('button', { name: /Name/ }));
    await waitFor(() => expect(calls.at(-1)!.query.get('sortOrder')).toBe('DESC'));
    expect(calls.at(-1)!.query.get('page')).toBe('1');
    expect(location().search).toContain('order=DESC');
    expect(await screen.findByText('Visit 1')).toBeInTheDocument();
  });

  test('a search is sent after a pause and the total follows the answer', async () => {
    const { calls } = fakeFetch((call) => server(call, call.query.get('search') ? 3 : TOTAL));
    show();
    await screen.findByText('Visit 1');
    await typist().type(screen.getByRole('searchbox', { name: MESSAGES.searchPlaceholder }), 'soweto');
    expect(await screen.findByText('3 rows')).toBeInTheDocument();
    expect(calls.at(-1)!.query.get('search')).toBe('soweto');
    expect(within(screen.getByTestId('scrolling-body')).getAllByRole('row')).toHaveLength(3);
  });

  test('an empty result says so', async () => {
    fakeFetch((call) => server(call, 0));
    show();
    expect(await screen.findByText('No visits.')).toBeInTheDocument();
  });

  test('a failed page is shown with a retry that asks again', async () => {
    let refuse = true;
    const { calls } = fakeFetch((call) => (refuse ? fail(503, 'UNAVAILABLE', 'The service is busy.') : server(call)));
    show();
    expect(await screen.findByText('The service is busy.')).toBeInTheDocument();
    refuse = false;
    await typist().click(screen.getByRole('button', { name: MESSAGES.retry }));
    expect(await screen.findByText('Visit 1')).toBeInTheDocument();
    expect(calls).toHaveLength(2);
  });
});

describe('which pages a scrolling table holds', () => {
  test('the rows in view map to the pages under them', () => {
    expect(pagesForRows(0, 99, 100)).toEqual([1]);
    expect(pagesForRows(95, 130, 100)).toEqual([2 - 1, 2]);
    expect(pagesForRows(10, 5, 100)).toEqual([]);
  });

  test('the pages farthest from view are forgotten first', () => {
    expect(pagesToForget([1, 2, 50, 51, 99], 50, 3).sort((a, b) => a - b)).toEqual([1, 99]);
    expect(pagesToForget([4, 5], 5, 3)).toEqual([]);
  });
});
