import { screen, waitFor, within } from '@testing-library/react';
import { MESSAGES } from '@meridian/shared/messages';
import {
  bluebookRow,
  fail,
  fakeServer,
  ok,
  page,
  queryOf,
  renderVehiclesPage,
  resetSession,
  signInManager,
  typist,
  writes,
  type FakeCall,
  type FakeReply,
} from '../testing/vehicles-test-kit';
import { BLUEBOOK_TEXT } from './bluebook-text';
import BluebookPage from './bluebook-page';

jest.setTimeout(30_000);

const LIST = '/api/vehicles/bluebook';
const ROW = bluebookRow();

function server(also: (call: FakeCall) => FakeReply | undefined = () => undefined) {
  return fakeServer((call) => {
    const special = also(call);
    if (special) return special;
    if (call.method === 'GET' && call.path === LIST) return page([ROW], 1);
    if (call.method === 'POST' && call.path === LIST) return { ...ok(ROW), status: 201 };
    if (call.method === 'PUT' && call.path === `${LIST}/${ROW.id}`) return ok(ROW);
    return undefined;
  });
}

beforeEach(() => signInManager());
afterEach(resetSession);

const renderBluebook = () => renderVehiclesPage(<BluebookPage />, { path: '/vehicles/bluebook', at: '/vehicles/bluebook' });

const newValue = async () => {
  await typist().click(await screen.findByRole('button', { name: new RegExp(BLUEBOOK_TEXT.newValue) }));
  return screen.findByRole('dialog');
};

describe('bluebook values', () => {
  test('each value is shown in its own currency from integer minor units; the list is paged by the server', async () => {
    const { callsTo } = server();
    renderBluebook();
    const table = await screen.findByRole('table', { name: BLUEBOOK_TEXT.bluebook });
    const row = (await within(table).findByText('Corolla')).closest('tr')!;
    expect(row).toHaveTextContent(/R\s?219\s900,50/);
    expect(queryOf(callsTo(LIST)[0]!)).toMatchObject({ page: '1', sortField: 'make', sortOrder: 'ASC' });
  });

  test('an empty bluebook says so', async () => {
    server((call) => (call.method === 'GET' && call.path === LIST ? page([], 0) : undefined));
    renderBluebook();
    expect(await screen.findByText(BLUEBOOK_TEXT.noValues)).toBeInTheDocument();
  });

  test('the value typed in major units is sent as whole minor units, exactly (no float: 0.29 stays 29 cents)', async () => {
    const { calls } = server();
    renderBluebook();
    const dialog = await newValue();
    const user = typist();
    await user.type(within(dialog).getByLabelText(BLUEBOOK_TEXT.make), 'Kia');
    await user.type(within(dialog).getByLabelText(BLUEBOOK_TEXT.model), 'Picanto');
    await user.type(within(dialog).getByLabelText(BLUEBOOK_TEXT.year), '2020');
    await user.type(within(dialog).getByLabelText(BLUEBOOK_TEXT.value), '1 234 567,29');
    await user.clear(within(dialog).getByLabelText(BLUEBOOK_TEXT.currency));
    await user.type(within(dialog).getByLabelText(BLUEBOOK_TEXT.currency), 'zar');
    await user.click(within(dialog).getByRole('button', { name: BLUEBOOK_TEXT.createValue }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]!.body).toEqual({ make: 'Kia', model: 'Picanto', year: 2020, valueMinor: 123_456_729, currency: 'ZAR' });
  });

  test('a fraction of a cent or text is refused on the field and nothing is sent', async () => {
    const { calls } = server();
    renderBluebook();
    const dialog = await newValue();
    const user = typist();
    await user.type(within(dialog).getByLabelText(BLUEBOOK_TEXT.value), '100.005');
    await user.click(within(dialog).getByRole('button', { name: BLUEBOOK_TEXT.createValue }));
    expect(await within(dialog).findByText(BLUEBOOK_TEXT.notAnAmount)).toBeInTheDocument();
    expect(writes(calls)).toHaveLength(0);
  });

  test('an edit shows the stored minor units as an amount, and the server’s refusal of valueMinor lands on the value field', async () => {
    const { calls } = server((call) =>
      call.method === 'PUT'
        ? fail(400, 'VALIDATION_FAILED', 'Check the highlighted fields.', {
            fieldErrors: { valueMinor: ['A value is at most 100000000000000 minor units.'] },
          })
        : undefined,
    );
    renderBluebook();
    const user = typist();
    await user.click(await screen.findByRole('button', { name: `${MESSAGES.editAction} 2019 Toyota Corolla` }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText(BLUEBOOK_TEXT.value)).toHaveValue('219900.50');
    await user.click(within(dialog).getByRole('button', { name: MESSAGES.save }));
    expect(await within(dialog).findByText('A value is at most 100000000000000 minor units.')).toBeInTheDocument();
    expect(writes(calls)[0]!.body).toMatchObject({ valueMinor: 21_990_050 });
  });
});
