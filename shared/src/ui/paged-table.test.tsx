/** @jest-environment jsdom */
import { useState } from 'react';
import { act, screen, waitFor, within } from '@testing-library/react';
import { SETTING_DEFAULTS } from '../contract/setting';
import { MESSAGES } from '../messages';
import { sessionStore } from '../session/session-store';
import { fakeUser } from '../testing/session-fixtures';
import { fail, fakeFetch, ok, renderPage, resetSession, signInAs, typist, type FakeCall, type FakeReply } from '../testing/page-test-kit';
import { COLUMN_CHOOSER_TEXT, columnChoiceStorageKey } from './column-chooser';
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

const CONFIG_PATH = '/api/config/client';
/** The rows per page of the tenant the tests act for, unless a test says otherwise. */
const TENANT_PAGE_SIZE = 20;

/** The tenant's settings as GET /api/config/client answers them. */
const tenantConfig = (defaultPageSize: number): FakeReply =>
  ok({ mapTileUrl: '', mapAttribution: '', settings: { ...SETTING_DEFAULTS, defaultPageSize } });

/** A server of 95 people, answering one page of the size asked, for a tenant with `pageSize` rows a page. */
const serverFor =
  (pageSize: number) =>
  (call: FakeCall): FakeReply => {
    if (call.path === CONFIG_PATH) return tenantConfig(pageSize);
    const page = Number(call.query.get('page'));
    const size = Number(call.query.get('size'));
    const reply = ok(people(Math.min(size, 95 - (page - 1) * size), (page - 1) * size + 1));
    (reply.body as { meta: unknown }).meta = { paging: { pageNumber: page, pageSize: size, total: 95 } };
    return reply;
  };
const server = serverFor(TENANT_PAGE_SIZE);

const listCalls = (calls: FakeCall[]) => calls.filter((call) => call.path === '/api/people');

const ANNA = fakeUser({ Id: 'a0000000-0000-4000-8000-000000000001', userName: 'anna' });
const BONGANI = fakeUser({ Id: 'b0000000-0000-4000-8000-000000000002', userName: 'bongani' });

// antd tables render slowly in jsdom on a busy machine; the behaviour, not the speed, is under test.
jest.setTimeout(30_000);

beforeEach(() => signInAs(ANNA));
afterEach(resetSession);

type TableProps = Partial<Parameters<typeof PagedTable<Person>>[0]>;

/** The people table at `url`, sorted by name unless `props` say otherwise. */
const showTable = (url: string, props: TableProps = {}) =>
  renderPage(
    <PagedTable<Person>
      url="/api/people"
      columns={COLUMNS}
      rowKey={(p) => p.Id}
      label="People"
      emptyText="No people yet."
      defaultSort={{ field: 'name', order: 'ASC' }}
      {...props}
    />,
    { path: '/people', at: url },
  );
const show = (url = '/people', filters?: Record<string, string>) => showTable(url, { filters });

describe('paged table', () => {
  test('asks the server for one page with the default sort, and shows the total', async () => {
    const { calls } = fakeFetch(server);
    show();
    expect(await screen.findByText('Person 1')).toBeInTheDocument();
    expect(screen.getByText('1–20 of 95')).toBeInTheDocument();
    expect(asObject(listCalls(calls)[0]!.query)).toEqual({ page: '1', size: '20', sortField: 'name', sortOrder: 'ASC' });
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

  test('the copy of the header antd measures columns with is inert, so its select-all box never takes focus', async () => {
    fakeFetch(server);
    showTable('/people', { selection: { keys: [], onChange: () => undefined } });
    await screen.findByText('Person 1');
    const measureRows = document.querySelectorAll('.ant-table-measure-row');
    expect(measureRows.length).toBeGreaterThan(0);
    await waitFor(() => measureRows.forEach((row) => expect(row).toHaveAttribute('inert')));
  });

  test('paging keeps a default sort whose column is not on screen', async () => {
    const { calls } = fakeFetch(server);
    const { location } = showTable('/people', { defaultSort: { field: 'dateCreated', order: 'DESC' } });
    await screen.findByText('Person 1');
    await typist().click(screen.getByTitle('5'));
    expect(await screen.findByText('Person 81')).toBeInTheDocument();
    expect(asObject(listCalls(calls).at(-1)!.query)).toMatchObject({ page: '5', sortField: 'dateCreated', sortOrder: 'DESC' });
    expect(location().search).toContain('page=5');
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
    fakeFetch((call) => (call.path === CONFIG_PATH ? tenantConfig(TENANT_PAGE_SIZE) : ok([])));
    show();
    expect(await screen.findByText('No people yet.')).toBeInTheDocument();
  });

  test('a failed load is shown with a retry that loads again', async () => {
    let failing = true;
    fakeFetch((call) => (failing && call.path !== CONFIG_PATH ? fail(500, 'SERVER_ERROR', MESSAGES.serverError) : server(call)));
    show();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(MESSAGES.serverError)).toBeInTheDocument();
    failing = false;
    await typist().click(within(alert).getByRole('button', { name: MESSAGES.retry }));
    expect(await screen.findByText('Person 1')).toBeInTheDocument();
  });

  test("pages at the tenant's rows-per-page setting, asking the first page once", async () => {
    const { calls } = fakeFetch(serverFor(25));
    show();
    expect(await screen.findByText('1–25 of 95')).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(26);
    expect(listCalls(calls).map((call) => call.query.get('size'))).toEqual(['25']);
  });

  test('the user may still choose another page size for the table', async () => {
    const { calls } = fakeFetch(serverFor(25));
    const { location } = show('/people?size=10');
    expect(await screen.findByText('1–10 of 95')).toBeInTheDocument();
    expect(listCalls(calls).map((call) => call.query.get('size'))).toEqual(['10']);
    expect(location().search).toContain('size=10');
  });
});

describe('choosing the columns of a table', () => {
  const CHOOSABLE: PagedColumn<Person>[] = [
    { title: 'Name', dataIndex: 'name', sortField: 'name' },
    { title: 'City', dataIndex: 'city', optional: true },
    { title: 'Code', key: 'code', hiddenByDefault: true, render: (_value: unknown, p: Person) => `code-${p.Id}` },
    {
      title: 'Actions',
      key: 'actions',
      actions: true,
      render: (_value: unknown, p: Person) => <button type="button">{`Open ${p.name}`}</button>,
    },
  ];

  const showChoosable = () =>
    renderPage(
      <PagedTable<Person>
        url="/api/people"
        tableId="people"
        columns={CHOOSABLE}
        rowKey={(p) => p.Id}
        label="People"
        emptyText="No people yet."
      />,
      { path: '/people', at: '/people' },
    );

  const headers = () => screen.getAllByRole('columnheader').map((header) => header.textContent);
  const openChooser = async () => {
    await typist().click(screen.getByRole('button', { name: COLUMN_CHOOSER_TEXT.button }));
    return screen.findByRole('group', { name: COLUMN_CHOOSER_TEXT.heading });
  };

  test('columns hidden by default are left out, and the actions column comes last', async () => {
    fakeFetch(server);
    showChoosable();
    await screen.findByText('Person 1');
    expect(headers()).toEqual(['Name', 'City', 'Actions']);
    const chooser = await openChooser();
    expect(
      within(chooser)
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')?.textContent),
    ).toEqual(['City', 'Code']);
  });

  test('a hidden column stays hidden for the same user after the table is drawn again', async () => {
    fakeFetch(server);
    const first = showChoosable();
    await screen.findByText('Person 1');
    const chooser = await openChooser();
    await typist().click(within(chooser).getByRole('checkbox', { name: 'City' }));
    await typist().click(within(chooser).getByRole('checkbox', { name: 'Code' }));
    expect(headers()).toEqual(['Name', 'Code', 'Actions']);
    first.unmount();

    showChoosable();
    await screen.findByText('Person 1');
    expect(headers()).toEqual(['Name', 'Code', 'Actions']);
    expect(screen.getByText('code-p1')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(columnChoiceStorageKey(ANNA.Id, 'people'))!)).toEqual({ city: false, code: true });
  });

  test("one user's choice is not another's", async () => {
    fakeFetch(server);
    const first = showChoosable();
    await screen.findByText('Person 1');
    await typist().click(within(await openChooser()).getByRole('checkbox', { name: 'City' }));
    expect(headers()).toEqual(['Name', 'Actions']);
    first.unmount();

    act(() => sessionStore.getState().signOut());
    signInAs(BONGANI);
    showChoosable();
    await screen.findByText('Person 1');
    expect(headers()).toEqual(['Name', 'City', 'Actions']);
  });

  test('the actions column cannot be hidden and stays last whatever is chosen', async () => {
    fakeFetch(server);
    showChoosable();
    await screen.findByText('Person 1');
    const chooser = await openChooser();
    expect(within(chooser).queryByRole('checkbox', { name: 'Actions' })).not.toBeInTheDocument();
    await typist().click(within(chooser).getByRole('checkbox', { name: 'Code' }));
    expect(headers().at(-1)).toBe('Actions');
    expect(screen.getByRole('button', { name: 'Open Person 1' })).toBeInTheDocument();
  });
});

describe('paged table over a report (a record holding one page of rows)', () => {
  test('reads its rows where the report keeps them, and draws the rest of the same answer above the table', async () => {
    const { calls } = fakeFetch((call) => {
      if (call.path === CONFIG_PATH) return tenantConfig(TENANT_PAGE_SIZE);
      const reply = ok({ asOf: '2026-11-28', people: people(2) });
      (reply.body as { meta: unknown }).meta = { paging: { pageNumber: 1, pageSize: 20, total: 2 } };
      return reply;
    });
    showTable('/people', {
      rowsOf: (answer) => (answer as { people: Person[] }).people,
      summary: (answer) => (answer ? <p>{`As of ${(answer as { asOf: string }).asOf}`}</p> : null),
    });
    expect(await screen.findByText('Person 2')).toBeInTheDocument();
    expect(screen.getByText('As of 2026-11-28')).toBeInTheDocument();
    expect(screen.getByText('1–2 of 2')).toBeInTheDocument();
    expect(listCalls(calls)).toHaveLength(1);
  });
});
