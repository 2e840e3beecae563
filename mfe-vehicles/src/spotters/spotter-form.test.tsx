import { screen, waitFor } from '@testing-library/react';
import { fail, ok, renderAppPage, resetSession, typist, writes } from '@meridian/shared/testing/page-test-kit';
import type { SpotterDetails } from '@meridian/shared/contract/spotter';
import { MESSAGES } from '@meridian/shared/messages';
import { recoveryServer, signInStaff, spotter, SPOTTER_ID } from '../testing/recovery-test-kit';
import { SpotterForm } from './spotter-form';
import { SPOTTER_TEXT } from './spotter-text';

jest.setTimeout(30_000);

const details = (): SpotterDetails => ({ ...spotter(), dispatches: [], sightings: [], rewardsEarned: [] });

beforeEach(() => signInStaff());
afterEach(resetSession);

const renderForm = (existing = null as ReturnType<typeof spotter> | null, onSaved = jest.fn()) => {
  renderAppPage(<SpotterForm spotter={existing} onSaved={onSaved} />, { path: '/vehicles/spotters', at: '/vehicles/spotters' });
  return onSaved;
};

describe('the spotter form', () => {
  test('a new spotter is sent as the contract takes it, empty optional fields as none', async () => {
    const { calls } = recoveryServer((call) =>
      call.method === 'POST' && call.path === '/api/vehicles/agent' ? { ...ok(details()), status: 201 } : undefined,
    );
    const onSaved = renderForm();
    const user = typist();
    await user.type(screen.getByRole('textbox', { name: SPOTTER_TEXT.name }), '  Thandi Nkosi ');
    await user.type(screen.getByRole('textbox', { name: SPOTTER_TEXT.email }), 'Thandi@Example.com');
    await user.click(screen.getByRole('button', { name: SPOTTER_TEXT.createSpotter }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]!.body).toEqual({
      name: 'Thandi Nkosi',
      mobile: null,
      email: 'thandi@example.com',
      userId: null,
      notes: null,
      active: true,
    });
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(details()));
  });

  test('a name is required and an e-mail address must be one, before anything is sent', async () => {
    const { calls } = recoveryServer(() => undefined);
    renderForm();
    const user = typist();
    await user.type(screen.getByRole('textbox', { name: SPOTTER_TEXT.email }), 'not-mail');
    await user.click(screen.getByRole('button', { name: SPOTTER_TEXT.createSpotter }));
    expect(await screen.findByText('A name is required.')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid e-mail address.')).toBeInTheDocument();
    expect(writes(calls)).toHaveLength(0);
  });

  test("an edit is saved with PUT, and the server's refusal lands on the field it names", async () => {
    const { calls } = recoveryServer((call) =>
      call.method === 'PUT' && call.path === `/api/vehicles/agent/${SPOTTER_ID}`
        ? fail(409, 'CONFLICT', 'This user is linked to another spotter already.', {
            fieldErrors: { userId: ['Linked to another spotter already.'] },
          })
        : undefined,
    );
    const onSaved = renderForm(spotter({ userId: '20000000-0000-4000-8000-000000000009', userName: 'Sipho Dlamini' }));
    const user = typist();
    await user.clear(screen.getByRole('textbox', { name: SPOTTER_TEXT.mobile }));
    await user.click(screen.getByRole('button', { name: MESSAGES.save }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]!.body).toMatchObject({ name: 'Sipho Dlamini', mobile: null, userId: '20000000-0000-4000-8000-000000000009' });
    expect(await screen.findByText('Linked to another spotter already.')).toBeInTheDocument();
    expect(onSaved).not.toHaveBeenCalled();
  });
});
