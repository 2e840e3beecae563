import { fakeServer, page, queryOf } from '@meridian/shared/testing/page-test-kit';
import { screen, waitFor } from '@testing-library/react';
import { renderSalesPage, signInSales, signOut, typist } from '../testing/sales-test-kit';
import PhoneBookPage from './phone-book-page';
import { lerato, naledi, phoneBookLine } from './clients-test-kit';
import { SETTING_DEFAULTS } from '@meridian/shared/contract/setting';

beforeEach(() => signInSales(['CLIENTS']));
afterEach(signOut);
jest.setTimeout(60_000);

describe('phone book', () => {
  test('lists people by last name, page by page, with the mobile as a number to dial and the e-mail to write to', async () => {
    const { callsTo } = fakeServer((call) =>
      call.path === '/api/clients/phone-book' ? page([lerato(), naledi()].map(phoneBookLine), 120) : undefined,
    );
    renderSalesPage(<PhoneBookPage />, { path: '/clients/phone-book', at: '/clients/phone-book' });

    expect(await screen.findByText('Dube, Lerato')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '0821234567: call Lerato Dube' })).toHaveAttribute('href', 'tel:0821234567');
    expect(screen.getByRole('link', { name: 'lerato.dube@example.com: e-mail Lerato Dube' })).toHaveAttribute(
      'href',
      'mailto:lerato.dube@example.com',
    );
    expect(queryOf(callsTo('/api/clients/phone-book')[0]!)).toEqual({
      page: '1',
      size: String(SETTING_DEFAULTS.defaultPageSize),
      sortField: 'lastName',
      sortOrder: 'ASC',
    });

    await typist().type(screen.getByRole('searchbox', { name: 'Search name, mobile or e-mail' }), '082');
    await waitFor(() => expect(queryOf(callsTo('/api/clients/phone-book').at(-1)!)).toMatchObject({ search: '082', page: '1' }));

    await typist().click(screen.getByRole('radio', { name: 'K' }));
    await waitFor(() =>
      expect(queryOf(callsTo('/api/clients/phone-book').at(-1)!)).toMatchObject({ letter: 'K', search: '082', page: '1' }),
    );
  });

  test('an empty phone book says nobody is listed', async () => {
    fakeServer((call) => (call.path === '/api/clients/phone-book' ? page([]) : undefined));
    renderSalesPage(<PhoneBookPage />, { path: '/clients/phone-book', at: '/clients/phone-book' });
    expect(await screen.findByText('Nobody to show.')).toBeInTheDocument();
  });
});
