import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import ActivitiesListPage from './activities-list-page';
import {
  ACTIVITY_ID,
  fakeServer,
  listItem,
  ok,
  openPicker,
  page,
  pickOption,
  queryOf,
  renderAppPage,
  resetSession,
  SECOND_ACTIVITY_ID,
  signInAgent,
  signInManager,
  STATUS,
  TYPE,
  typist,
  writes,
  type FakeCall,
} from './activity-test-kit';
import { ACTIVITY_TEXT } from './activity-text';
import { SETTING_DEFAULTS } from '@meridian/shared/contract/setting';

const TOTAL = 100_000;
const ROW_HEIGHT = 44;

/** 100,000 activities, answered one page of the size asked at a time. */
function activitiesPage(call: FakeCall) {
  const number = Number(call.query.get('page'));
  const size = Number(call.query.get('size'));
  const from = (number - 1) * size;
  const rows = Array.from({ length: Math.max(0, Math.min(size, TOTAL - from)) }, (_, i) =>
    listItem({ Id: `40000000-0000-4000-8000-${String(from + i + 1).padStart(12, '0')}`, name: `Activity ${from + i + 1}` }),
  );
  return page(rows, TOTAL, number, size);
}

const listCalls = (calls: FakeCall[]) => calls.filter((c) => c.method === 'GET' && c.path === '/api/activities');
const openList = (at = '/sales/activities') => renderAppPage(<ActivitiesListPage />, { path: '/sales/activities', at });

const today = () => dayjs();
const day = (offset: number) => today().add(offset, 'day').format('YYYY-MM-DD');

afterEach(resetSession);
jest.setTimeout(60_000);

describe('activities list', () => {
  test('asks for the first page only, with the default window (one day ago to 7 days ahead) and start date newest first', async () => {
    signInManager();
    const { calls } = fakeServer((call) => (call.path === '/api/activities' ? activitiesPage(call) : undefined));
    openList();

    expect(await screen.findByText('Activity 1')).toBeInTheDocument();
    expect(screen.getByText('100,000 rows')).toBeInTheDocument();
    expect(listCalls(calls)).toHaveLength(1);
    expect(queryOf(listCalls(calls)[0]!)).toEqual({
      startDate: day(-1),
      endDate: day(7),
      page: '1',
      size: '100',
      sortField: 'startDate',
      sortOrder: 'DESC',
    });
    // The widgets count the same window.
    const widget = calls.find((c) => c.path === '/api/activities/for-status-widget')!;
    expect(queryOf(widget)).toMatchObject({ startDate: day(-1), endDate: day(7) });
    expect(await screen.findByRole('button', { name: /Pending\s*60,000/ })).toBeInTheDocument();
    // The columns of the spec's list.
    const table = screen.getByRole('table', { name: ACTIVITY_TEXT.activities });
    for (const title of [
      ACTIVITY_TEXT.name,
      ACTIVITY_TEXT.type,
      ACTIVITY_TEXT.status,
      ACTIVITY_TEXT.start,
      ACTIVITY_TEXT.assignedAgents,
      ACTIVITY_TEXT.location,
    ]) {
      expect(within(table).getByRole('columnheader', { name: new RegExp(title) })).toBeInTheDocument();
    }
    expect(within(table).getAllByText('Lerato Dube').length).toBeGreaterThan(0);
  });

  test('scrolling far asks for the page under the view only, with the same filters', async () => {
    signInManager();
    const { calls } = fakeServer((call) => (call.path === '/api/activities' ? activitiesPage(call) : undefined));
    openList(`/sales/activities?status=${STATUS.pending}&type=${TYPE.visit}`);
    await screen.findByText('Activity 1');

    const body = screen.getByTestId('scrolling-body');
    body.scrollTop = 50_000 * ROW_HEIGHT;
    fireEvent.scroll(body);

    expect(await screen.findByText('Activity 50001')).toBeInTheDocument();
    const pages = listCalls(calls)
      .map((c) => Number(c.query.get('page')))
      .sort((a, b) => a - b);
    expect(pages).toEqual([1, 500, 501]);
    for (const call of listCalls(calls))
      expect(queryOf(call)).toMatchObject({ status: STATUS.pending, type: TYPE.visit, startDate: day(-1), endDate: day(7) });
  });

  test('choosing a status and a type asks again from the top with them, and keeps them in the address', async () => {
    signInManager();
    const { calls } = fakeServer((call) => (call.path === '/api/activities' ? activitiesPage(call) : undefined));
    const { location } = openList();
    await screen.findByText('Activity 1');

    openPicker(ACTIVITY_TEXT.filterByStatus);
    await waitFor(() => pickOption('Completed'));
    await waitFor(() => expect(listCalls(calls).at(-1)!.query.get('status')).toBe(STATUS.completed));
    expect(listCalls(calls).at(-1)!.query.get('page')).toBe('1');

    // A count of the type widget filters too.
    await typist().click(await screen.findByRole('button', { name: /Phone call\s*30,000/ }));
    await waitFor(() => expect(listCalls(calls).at(-1)!.query.get('type')).toBe(TYPE.call));
    expect(listCalls(calls).at(-1)!.query.get('status')).toBe(STATUS.completed);
    expect(location().search).toContain(`type=${TYPE.call}`);
    expect(location().search).toContain(`status=${STATUS.completed}`);
  });

  test('a search is sent to the server after a pause', async () => {
    signInManager();
    const { calls } = fakeServer((call) =>
      call.path === '/api/activities'
        ? call.query.get('search')
          ? page([listItem({ name: 'Soweto visit' })])
          : activitiesPage(call)
        : undefined,
    );
    openList();
    await screen.findByText('Activity 1');
    await typist().type(screen.getByRole('searchbox', { name: ACTIVITY_TEXT.searchActivities }), 'soweto');
    expect(await screen.findByText('Soweto visit')).toBeInTheDocument();
    expect(listCalls(calls).at(-1)!.query.get('search')).toBe('soweto');
  });

  test('a field agent sees no bulk update; a manager does', async () => {
    signInAgent();
    fakeServer((call) => (call.path === '/api/activities' ? page([listItem()]) : undefined));
    const first = openList();
    await screen.findByText('Visit Thandiwe Mokoena');
    expect(screen.queryByRole('button', { name: /Bulk update/ })).not.toBeInTheDocument();
    first.unmount();

    resetSession();
    signInManager();
    fakeServer((call) => (call.path === '/api/activities' ? page([listItem()]) : undefined));
    openList();
    expect(await screen.findByRole('button', { name: /Bulk update/ })).toBeInTheDocument();
  });

  test('bulk update: the ticked activities of the same filter get the chosen status in one call', async () => {
    signInManager();
    const rows = [listItem(), listItem({ Id: SECOND_ACTIVITY_ID, name: 'Call Sipho' })];
    const { calls } = fakeServer((call) => {
      if (call.path === '/api/activities') return page(rows);
      if (call.method === 'POST' && call.path === '/api/activities/bulk-update') return ok({ updated: 1 }, '1 activity updated.');
      return undefined;
    });
    openList(`/sales/activities?status=${STATUS.pending}`);
    await screen.findByText('Visit Thandiwe Mokoena');
    const user = typist();

    await user.click(screen.getByRole('button', { name: /Bulk update/ }));
    const drawer = (await screen.findByText(ACTIVITY_TEXT.bulkUpdateIntro)).closest<HTMLElement>('.ant-drawer')!;
    // The drawer lists the same activities, paged, with the list's filters.
    const drawerRow = await within(drawer).findByRole('row', { name: /Call Sipho/ });
    const pagedCall = listCalls(calls).find((c) => c.query.get('size') === String(SETTING_DEFAULTS.defaultPageSize))!;
    expect(queryOf(pagedCall)).toMatchObject({ status: STATUS.pending, startDate: day(-1), endDate: day(7), page: '1' });

    // Nothing ticked or chosen: the contract's rule is shown and nothing is sent.
    await user.click(within(drawer).getByRole('button', { name: 'Update 0 activities' }));
    expect(await within(drawer).findByText('Choose at least one activity.')).toBeInTheDocument();

    await user.click(within(drawerRow).getByRole('checkbox'));
    await user.click(within(drawer).getByRole('button', { name: 'Update 1 activity' }));
    expect(await within(drawer).findByText('Choose something to change: status, type, dates or assigned users.')).toBeInTheDocument();
    expect(writes(calls)).toHaveLength(0);

    openPicker(ACTIVITY_TEXT.bulkNewStatus);
    await waitFor(() => pickOption('Completed'));
    await user.click(within(drawer).getByRole('button', { name: 'Update 1 activity' }));

    expect(await screen.findByText('1 activity updated.')).toBeInTheDocument();
    expect(writes(calls).map((c) => ({ path: c.path, body: c.body }))).toEqual([
      { path: '/api/activities/bulk-update', body: { ids: [SECOND_ACTIVITY_ID], statusId: STATUS.completed } },
    ]);
  });

  test('the activity name opens the activity', async () => {
    signInManager();
    fakeServer((call) => (call.path === '/api/activities' ? page([listItem()]) : undefined));
    const { location } = openList();
    await typist().click(await screen.findByRole('link', { name: 'Visit Thandiwe Mokoena' }));
    await waitFor(() => expect(location().pathname).toBe(`/sales/activities/${ACTIVITY_ID}/view`));
  });
});
