import { act, screen, waitFor } from '@testing-library/react';
import { MESSAGES } from '@meridian/shared/messages';
import { sessionStore } from '@meridian/shared/session/session-store';
import { myWork } from '@meridian/shared/contract/areas/sales';
import { fakeSession, fakeUser } from '@meridian/shared/testing/session-fixtures';
import ComingSoonPage from './coming-soon-page';
import NotFoundPage from './not-found-page';
import OfflinePage from './offline-page';
import { renderPage, typist } from './parts/page-test-kit';

afterEach(() => act(() => sessionStore.getState().setNetworkOnline(true)));

describe('coming soon and not found', () => {
  test('coming soon links home', () => {
    renderPage(<ComingSoonPage />, { path: '/coming-soon', at: '/coming-soon' });
    expect(screen.getByText(MESSAGES.comingSoon)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the dashboard' })).toHaveAttribute('href', '/');
  });

  test('not found catches any unknown address and links home', async () => {
    renderPage(<NotFoundPage />, { path: '/nowhere/*', at: '/nowhere/at/all' });
    expect(screen.getByText(MESSAGES.pageNotFound)).toBeInTheDocument();
    await typist().click(screen.getByRole('link', { name: 'Go to the dashboard' }));
    expect(screen.getByTestId('arrived')).toHaveTextContent(/^\/$/);
  });
});

describe('offline page', () => {
  const at = () => renderPage(<OfflinePage />, { path: '/offline', at: `/offline?redirectFrom=${encodeURIComponent('/clients/list')}` });

  test('explains that the page needs a connection, and says when retrying is still offline', async () => {
    act(() => sessionStore.getState().setNetworkOnline(false));
    const onLine = jest.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    at();
    expect(screen.getByText(MESSAGES.offlinePage)).toBeInTheDocument();

    await typist().click(screen.getByRole('button', { name: 'Try again' }));

    expect(screen.getByText(MESSAGES.stillOffline)).toBeInTheDocument();
    onLine.mockRestore();
  });

  test('promises no menu it lacks: a signed-in user is offered their start page, which works offline', async () => {
    act(() => sessionStore.getState().signIn(fakeSession(fakeUser({ roles: [{ Id: 'r1', name: 'Loan Officer' }] as never }))));
    act(() => sessionStore.getState().setNetworkOnline(false));
    at();
    expect(screen.queryByText(/from the menu/)).not.toBeInTheDocument();
    expect(screen.getByText(MESSAGES.offlinePageStillWorks)).toBeInTheDocument();

    await typist().click(screen.getByRole('link', { name: MESSAGES.goToStartPage }));

    expect(screen.getByTestId('arrived')).toHaveTextContent(myWork.screens.landing);
    act(() => sessionStore.getState().signOut());
  });

  test('goes back to the attempted page once the application is online again', async () => {
    act(() => sessionStore.getState().setNetworkOnline(false));
    at();

    act(() => sessionStore.getState().setNetworkOnline(true));

    await waitFor(() => expect(screen.getByTestId('arrived')).toHaveTextContent('/clients/list'));
  });

  test('retry goes back when the browser reports a connection', async () => {
    act(() => sessionStore.getState().setNetworkOnline(false));
    at();

    await typist().click(screen.getByRole('button', { name: 'Try again' }));

    expect(screen.getByTestId('arrived')).toHaveTextContent('/clients/list');
    expect(sessionStore.getState().networkOnline).toBe(true);
  });
});
