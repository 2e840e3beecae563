import { screen } from '@testing-library/react';
import { MESSAGES } from '@meridian/shared/messages';
import { sessionStore } from '@meridian/shared/session/session-store';
import ProfileEditPage from './profile-edit-page';
import { fail, fakeFetch, makeUser, ok, renderPage, resetSession, signInAs, USER_ID, typist } from './parts/page-test-kit';

const at = () => renderPage(<ProfileEditPage />, { path: '/profile/edit', at: '/profile/edit' });

async function edit(label: string, value: string) {
  const user = typist();
  await user.clear(screen.getByLabelText(label));
  if (value) await user.type(screen.getByLabelText(label), value);
}

beforeEach(() => signInAs(makeUser()));
// Typing into antd inputs in jsdom is slow on a loaded machine; the default 5 s is too tight.
jest.setTimeout(20_000);

afterEach(resetSession);

describe('profile edit page', () => {
  test('starts from the stored user', () => {
    fakeFetch(() => ok(null));
    at();
    expect(screen.getByLabelText('First name')).toHaveValue('Lerato');
    expect(screen.getByLabelText('Last name')).toHaveValue('Dube');
    expect(screen.getByLabelText('Mobile')).toHaveValue('0821234567');
  });

  test('keeps the typed values when the server refuses them', async () => {
    const conflict = 'A user with this mobile number already exists.';
    fakeFetch(() => fail(409, 'CONFLICT', MESSAGES.userExists, { fieldErrors: { mobile: [conflict] } }));
    at();

    await edit('First name', 'Lindiwe');
    await edit('Mobile', '0831112222');
    await typist().click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(conflict)).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveValue('Lindiwe');
    expect(screen.getByLabelText('Mobile')).toHaveValue('0831112222');
    // Nothing was saved, so the stored user is unchanged.
    expect(sessionStore.getState().user?.firstName).toBe('Lerato');
  });

  test('validates as the user types', async () => {
    const { calls } = fakeFetch(() => ok(null));
    at();
    await edit('First name', 'Lerato2');
    expect(await screen.findByText('First name cannot contain digits.')).toBeInTheDocument();
    await edit('Mobile', '12345');
    expect(await screen.findByText('A phone number is 0 followed by 9 digits.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  test('saves the profile and stores the user the server answered, keeping the session', async () => {
    const { callsTo } = fakeFetch(({ body }) => ok({ ...makeUser(), ...(body as object) }));
    at();
    const tokenBefore = sessionStore.getState().token;

    await edit('Last name', 'Dlamini');
    await edit('Mobile', '');
    await typist().click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(MESSAGES.profileSaved)).toBeInTheDocument();
    expect(callsTo(`/api/users/${USER_ID}`)[0]).toMatchObject({
      method: 'PUT',
      body: { firstName: 'Lerato', lastName: 'Dlamini', mobile: null },
    });
    expect(sessionStore.getState().user).toMatchObject({ lastName: 'Dlamini', mobile: null });
    expect(sessionStore.getState().token).toBe(tokenBefore);
  });
});
