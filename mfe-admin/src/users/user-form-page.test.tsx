import { screen, waitFor, within } from '@testing-library/react';
import { MESSAGES } from '@meridian/shared/messages';
import UserFormPage from './user-form-page';
import {
  fail,
  fakeServer,
  LERATO_ID,
  leratoInFull,
  ok,
  openPicker,
  pickOption,
  renderUsersPage,
  ROLE,
  signInAdmin,
  signOut,
  TENANT,
  typist,
  type FakeCall,
} from './users-test-kit';
import { USER_TEXT } from './user-text';

/**
 * The route also covers the list the form returns to, so antd's App around the page (the shell's
 * is around every page) stays mounted across that navigation and its toast can be read.
 */
const addPage = () => renderUsersPage(<UserFormPage />, { path: '/admin/users/*', at: '/admin/users/add' });
const editPage = () => renderUsersPage(<UserFormPage />, { path: '/admin/users/edit/:id', at: `/admin/users/edit/${LERATO_ID}` });

/** Types key by key, as a user does (every keystroke validates). */
async function type(label: string, value: string) {
  const user = typist();
  await user.clear(screen.getByLabelText(label));
  if (value) await user.type(screen.getByLabelText(label), value);
}

/** Puts a whole value in at once (quicker where the keystrokes are not what the test is about). */
async function paste(label: string, value: string) {
  const user = typist();
  await user.clear(screen.getByLabelText(label));
  await user.click(screen.getByLabelText(label));
  await user.paste(value);
}

/** Fills the add form with a valid new user: Thandi Mokoena, loan officer of the Soweto team. */
async function fillValidUser() {
  await paste(MESSAGES.firstName, 'Thandi');
  await paste(MESSAGES.lastName, 'Mokoena');
  await paste(MESSAGES.userName, 'thandi.mokoena');
  await paste(MESSAGES.emailAddress, 'thandi@demo.meridian.test');
  await paste(MESSAGES.mobile, '0841234567');
  openPicker(MESSAGES.roles);
  await waitFor(() => pickOption('Loan Officer'));
  openPicker(MESSAGES.tenants);
  await waitFor(() => pickOption('Meridian Lending / Johannesburg Branch / Soweto Team'));
}

/** The existence check waits for a pause in typing; on a loaded machine the answer can take longer than findBy's default second. */
const AFTER_PAUSE = { timeout: 5_000 };

/** Nobody else has these values. */
const nobody = (call: FakeCall) =>
  call.path === '/api/users/exist' ? ok({ exists: false, emailAddress: false, userName: false, mobile: false }) : undefined;

beforeEach(() => signInAdmin());
afterEach(signOut);
// Typing into antd inputs in jsdom is slow on a loaded machine; the default 5 s is too tight.
jest.setTimeout(60_000);

describe('user form', () => {
  test('shows the broken rule as the user types, before anything is saved', async () => {
    const { calls } = fakeServer(nobody);
    addPage();

    await type(MESSAGES.firstName, 'Thandi2');
    expect(await screen.findByText('First name cannot contain digits.')).toBeInTheDocument();
    await type(MESSAGES.firstName, 'Thandi-Nomvula-Mokoena');
    expect(await screen.findByText('First name can be at most 20 characters.')).toBeInTheDocument();
    await type(MESSAGES.mobile, '12345');
    expect(await screen.findByText('A phone number is 0 followed by 9 digits.')).toBeInTheDocument();
    await type(MESSAGES.emailAddress, 'thandi@');
    expect(await screen.findByText('Enter a valid e-mail address.')).toBeInTheDocument();

    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });

  test('marks an e-mail address another user already has as taken, after a pause in typing', async () => {
    const { callsTo } = fakeServer((call) =>
      call.path === '/api/users/exist' ? ok({ exists: true, emailAddress: true, userName: false, mobile: false }) : undefined,
    );
    addPage();

    await type(MESSAGES.emailAddress, 'Sipho@Demo.Meridian.test');

    expect(await screen.findByText(USER_TEXT.emailAddressTaken, {}, AFTER_PAUSE)).toBeInTheDocument();
    // One question for the finished address (not one per keystroke), as the server stores it.
    expect(callsTo('/api/users/exist')).toHaveLength(1);
    expect(callsTo('/api/users/exist')[0]!.body).toEqual({ emailAddress: 'sipho@demo.meridian.test' });
    expect(screen.getByLabelText(MESSAGES.emailAddress)).toHaveAttribute('aria-invalid', 'true');
  });

  test("editing leaves the user's own values unchecked and tells the server whom to ignore for new ones", async () => {
    const { callsTo } = fakeServer((call) =>
      call.path === `/api/users/${LERATO_ID}`
        ? ok(leratoInFull())
        : (nobody(call) ?? (call.path === '/api/users/loginreport' ? ok([]) : undefined)),
    );
    editPage();
    expect(await screen.findByDisplayValue('lerato@demo.meridian.test')).toBeInTheDocument();

    await paste(MESSAGES.emailAddress, 'lerato@demo.meridian.tes');
    await paste(MESSAGES.emailAddress, 'LERATO@demo.meridian.test');
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(callsTo('/api/users/exist')).toHaveLength(0);

    await paste(MESSAGES.userName, 'lerato.d');
    await waitFor(() => expect(callsTo('/api/users/exist')).toHaveLength(1), AFTER_PAUSE);
    expect(callsTo('/api/users/exist').map((c) => c.body)).toEqual([{ userName: 'lerato.d', excludeId: LERATO_ID }]);
  });

  test('a server refusal with field errors keeps the typed values and shows the messages on their fields', async () => {
    const tenantRefused = 'Choose tenants inside the tenant you are acting for.';
    const { callsTo } = fakeServer((call) =>
      call.method === 'POST' && call.path === '/api/users'
        ? fail(400, 'VALIDATION', MESSAGES.validationFailed, {
            fieldErrors: {
              tenantIds: [tenantRefused],
              userName: ['A user name is 3 to 60 letters, digits, dots, dashes, underscores or @.'],
            },
          })
        : nobody(call),
    );
    const { location } = addPage();
    await fillValidUser();

    await typist().click(screen.getByRole('button', { name: USER_TEXT.createUser }));

    expect(await screen.findByText(tenantRefused)).toBeInTheDocument();
    expect(screen.getByText('A user name is 3 to 60 letters, digits, dots, dashes, underscores or @.')).toBeInTheDocument();
    expect(screen.getByLabelText(MESSAGES.firstName)).toHaveValue('Thandi');
    expect(screen.getByLabelText(MESSAGES.userName)).toHaveValue('thandi.mokoena');
    expect(screen.getByLabelText(MESSAGES.emailAddress)).toHaveValue('thandi@demo.meridian.test');
    expect(screen.getByLabelText(MESSAGES.mobile)).toHaveValue('0841234567');
    expect(callsTo('/api/users')).toHaveLength(1);
    expect(location().pathname).toBe('/admin/users/add');
  });

  test("a 409 conflict shows the server's message and keeps the typed values", async () => {
    fakeServer((call) =>
      call.method === 'POST' && call.path === '/api/users' ? fail(409, 'CONFLICT', MESSAGES.userExists) : nobody(call),
    );
    addPage();
    await fillValidUser();

    await typist().click(screen.getByRole('button', { name: USER_TEXT.createUser }));

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(MESSAGES.userExists)).toBeInTheDocument();
    expect(screen.getByLabelText(MESSAGES.lastName)).toHaveValue('Mokoena');
    expect(screen.getByLabelText(MESSAGES.emailAddress)).toHaveValue('thandi@demo.meridian.test');
  });

  test("creating a user without a password sends the contract's body and goes back to the list with a success message", async () => {
    const { callsTo } = fakeServer((call) =>
      call.method === 'POST' && call.path === '/api/users' ? ok(leratoInFull(), 'User created.') : nobody(call),
    );
    const { location } = addPage();
    await fillValidUser();

    await typist().click(screen.getByRole('button', { name: USER_TEXT.createUser }));

    await waitFor(() => expect(location().pathname).toBe('/admin/users/list'));
    expect(await screen.findByText(USER_TEXT.userCreated)).toBeInTheDocument();
    expect(callsTo('/api/users')[0]!.body).toEqual({
      firstName: 'Thandi',
      lastName: 'Mokoena',
      userName: 'thandi.mokoena',
      emailAddress: 'thandi@demo.meridian.test',
      mobile: '0841234567',
      roleIds: [ROLE.loanOfficer],
      tenantIds: [TENANT.soweto],
    });
  });

  test("the edit page starts from the user, saves changes with PUT and shows the user's sign-ins", async () => {
    const { callsTo } = fakeServer((call) => {
      if (call.path === `/api/users/${LERATO_ID}`) return call.method === 'PUT' ? ok(leratoInFull()) : ok(leratoInFull());
      if (call.path === '/api/users/loginreport') {
        return ok([
          {
            Id: 'l1',
            userId: LERATO_ID,
            userName: 'lerato.dube',
            success: true,
            reason: null,
            ip: '10.0.0.7',
            userAgent: 'Firefox',
            dateCreated: '2025-01-02T08:00:00.000Z',
          },
        ]);
      }
      return nobody(call);
    });
    const { location } = editPage();

    expect(await screen.findByDisplayValue('Lerato')).toBeInTheDocument();
    const history = await screen.findByRole('table', { name: USER_TEXT.signInHistory });
    expect(await within(history).findByText('10.0.0.7')).toBeInTheDocument();
    expect(callsTo('/api/users/loginreport')[0]!.query.get('userId')).toBe(LERATO_ID);
    expect(screen.queryByLabelText(USER_TEXT.userPasswordOptional)).not.toBeInTheDocument();

    await paste(MESSAGES.lastName, 'Dlamini');
    openPicker(MESSAGES.tenants);
    await waitFor(() => pickOption('Meridian Lending / Johannesburg Branch'));
    await typist().click(screen.getByRole('button', { name: MESSAGES.save }));

    await waitFor(() => expect(location().pathname).toBe('/admin/users/list'));
    const put = callsTo(`/api/users/${LERATO_ID}`).find((c) => c.method === 'PUT');
    expect(put!.body).toEqual({
      firstName: 'Lerato',
      lastName: 'Dlamini',
      userName: 'lerato.dube',
      emailAddress: 'lerato@demo.meridian.test',
      mobile: '0821234567',
      roleIds: [ROLE.loanOfficer],
      tenantIds: [TENANT.soweto, TENANT.johannesburg],
    });
  });
});
