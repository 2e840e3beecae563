import { screen, within } from '@testing-library/react';
import { page, renderAppPage, resetSession, typist } from '@meridian/shared/testing/page-test-kit';
import ThirdPartiesPage from '../third-parties/third-parties-page';
import { recoveryServer, signInStaff, spotter, SPOTTER_ID, thirdParty, THIRD_PARTY_ID } from '../testing/recovery-test-kit';
import SpottersPage from './spotters-page';
import { SPOTTER_TEXT, THIRD_PARTY_TEXT } from './spotter-text';

jest.setTimeout(30_000);

beforeEach(() => signInStaff());
afterEach(resetSession);

describe('the recovery party lists', () => {
  test("spotters are listed with their user, each leading to the spotter's page, and sorted by name at first", async () => {
    const { calls } = recoveryServer((call) =>
      call.method === 'GET' && call.path === '/api/vehicles/agent'
        ? page([spotter({ userName: 'Sipho D', openDispatches: 2 })])
        : undefined,
    );
    renderAppPage(<SpottersPage />, { path: '/vehicles/spotters', at: '/vehicles/spotters' });
    const row = (await screen.findByRole('link', { name: 'Sipho Dlamini' })).closest('tr')!;
    expect(within(row).getByRole('link', { name: 'Sipho Dlamini' })).toHaveAttribute('href', `/vehicles/spotters/${SPOTTER_ID}`);
    expect(row).toHaveTextContent('Sipho D');
    expect(row).toHaveTextContent(SPOTTER_TEXT.active);
    const list = calls.find((c) => c.path === '/api/vehicles/agent')!;
    expect(list.query.get('sortField')).toBe('name');
    expect(list.query.get('sortOrder')).toBe('ASC');
  });

  test("third parties are listed with their contact person, and Edit opens the company's drawer", async () => {
    recoveryServer((call) =>
      call.method === 'GET' && call.path === '/api/vehicles/third-party' ? page([thirdParty({ active: false })]) : undefined,
    );
    renderAppPage(<ThirdPartiesPage />, { path: '/vehicles/third-parties', at: '/vehicles/third-parties' });
    const row = (await screen.findByRole('link', { name: 'Rapid Recoveries (Pty) Ltd' })).closest('tr')!;
    expect(within(row).getByRole('link', { name: 'Rapid Recoveries (Pty) Ltd' })).toHaveAttribute(
      'href',
      `/vehicles/third-parties/${THIRD_PARTY_ID}`,
    );
    expect(row).toHaveTextContent('Johan Botha');
    expect(row).toHaveTextContent(SPOTTER_TEXT.inactive);
    expect(screen.getByRole('button', { name: new RegExp(THIRD_PARTY_TEXT.newThirdParty) })).toBeInTheDocument();
    await typist().click(within(row).getByRole('button', { name: `${SPOTTER_TEXT.edit} Rapid Recoveries (Pty) Ltd` }));
    expect(await screen.findByDisplayValue('Rapid Recoveries (Pty) Ltd')).toBeInTheDocument();
  });
});
