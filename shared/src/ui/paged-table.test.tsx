/** @jest-environment jsdom */
import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import { MESSAGES } from '../messages';
import { fail, fakeFetch, ok, renderPage, typist, type FakeCall } from '../testing/page-test-kit';
import { PagedTable, type PagedColumn } from './paged-table';

interface Person {
  Id: string;
  name: string;
  city: string;
}

const people = (count: number, from = 1): Person[] =>
  Array.from({ length: count }, (_, i) => ({ Id: `p${from + i}`, name: `Person ${from + i}`, city: i % 2 ? 'Durban' : 'Soweto' }));

const asObject = (query: URLSearchParams) => {
  const object: Record<string, string> = {};
  query.forEach((value, key) => (object[key] = value));
  return object;
};

const COLUMNS: PagedColumn<Person>[] = [
  { title: 'Name', dataIndex: 'name', sortField: 'name' },
  { title: 'City', dataIndex: 'city' },
];

/** A server of 95 people, answering one page of the size asked. */
function server(call: FakeCall) {
  const page = Number(call.query.get('page'));
  const size = Number(call.query.get('size'));
  const reply = ok(people(Math.min(size, 95 - (page - 1) * size), (page - 1) * size + 1));
  (reply.body as { meta: unknown }).meta = { paging: { pageNumber: page, pageSize: size, total: 95 } };
  return reply;
}

const show = (url = '/people', filters?: Record<string, string>) =>
  renderPage(
    <PagedTable<Person>
      url="/api/people"
      filters={filters}
      columns={COLUMNS}
      rowKey={(p) => p.Id}
      label="People"
      emptyText="No people yet."
      defaultSort={{ field: 'name', order: 'ASC' }}
    />,
    { path: '/people', at: url },
  );

describe('paged table', () => {
  test('asks the server for one page with the default sort, and shows the total', async () => {
    const { calls } = fakeFetch(server);
    show();
    expect(await screen.findByText('Person 1')).toBeInTheDocument();
    expect(screen.getByText('1–20 of 95')).toBeInTheDocument();
    expect(asObject(calls[0]!.query)).toEqual({ page: '1', size: '20', sortField: 'name', sortOrder: 'ASC' });
    expect(screen.getAllByRole('row')).toHaveLength(21);
  });

  test('the next page is fetched from the server and kept in the address', async () => {
    const { calls } = fakeFetch(server);
    const { location } = show();
    await screen.findByText('Person 1');
    await typist().click(screen.getByTitle('2'));
    expect(await screen.findByText('Person 21')).toBeInTheDocument();
    expect(calls.at(-1)!.query.get('page')).toBe('2');
    expect(location().search).toContain('page=2');
  });

  test('sorting a column asks the server sorted and starts again from page 1', async () => {
    const { calls } = fakeFetch(server);
    const { location } = show('/people?page=3');
    await screen.findByText('Person 41');
    await typist().click(screen.getByRole('columnheader', { name: /Name/ }));
    await waitFor(() => expect(calls.at(-1)!.query.get('sortOrder')).toBe('DESC'));
    expect(calls.at(-1)!.query.get('page')).toBe('1');
    expect(location().search).toContain('order=DESC');
  });

  test('searching waits for a pause in typing, then asks from page 1', async () => {
    const { calls } = fakeFetch(server);
    const { location } = show('/people?page=2');
    await screen.findByText('Person 21');
    await typist().type(screen.getByRole('searchbox', { name: MESSAGES.searchPlaceholder }), 'mokoena');
    await waitFor(() => expect(calls.at(-1)!.query.get('search')).toBe('mokoena'));
    expect(calls.filter((c) => c.query.get('search')).length).toBe(1);
    expect(calls.at(-1)!.query.get('page')).toBe('1');
    expect(location().search).toContain('q=mokoena');
  });

  test('a filter is sent with every page and a change of filter starts again from page 1', async () => {
    function FilteredByRole() {
      const [roleName, setRoleName] = useState('Loan Officer');
      return (
        <>
          <button type="button" onClick={() => setRoleName('Team Leader')}>
            Team leaders
          </button>
          <PagedTable<Person>
            url="/api/people"
            filters={{ roleName }}
            columns={COLUMNS}
            rowKey={(p) => p.Id}
            label="People"
            emptyText="No people yet."
          />
        </>
      );
    }
    const { calls } = fakeFetch(server);
    const { location } = renderPage(<FilteredByRole />, { path: '/people', at: '/people?page=2' });
    await screen.findByText('Person 21');
    expect(calls.at(-1)!.query.get('roleName')).toBe('Loan Officer');
    await typist().click(screen.getByRole('button', { name: 'Team leaders' }));
    await waitFor(() => expect(calls.at(-1)!.query.get('roleName')).toBe('Team Leader'));
    await waitFor(() => expect(calls.at(-1)!.query.get('page')).toBe('1'));
    expect(location().search).not.toContain('page=2');
  });

  test('an empty list says so', async () => {
    fakeFetch(() => ok([]));
    show();
    expect(await screen.findByText('No people yet.')).toBeInTheDocument();
  });

  test('a failed load is shown with a retry that loads again', async () => {
    let failing = true;
    fakeFetch((call) => (failing ? fail(500, 'SERVER_ERROR', MESSAGES.serverError) : server(call)));
    show();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(MESSAGES.serverError)).toBeInTheDocument();
    failing = false;
    await typist().click(within(alert).getByRole('button', { name: MESSAGES.retry }));
    expect(await screen.findByText('Person 1')).toBeInTheDocument();
  });
});
