import { screen, waitFor } from '@testing-library/react';
import { MESSAGES } from '@meridian/shared/messages';
import OAuthAuthorizePage from './oauth-authorize-page';
import { leaveTo } from './parts/browser';
import { fail, fakeFetch, ok, renderPage, resetSession, signInAs } from './parts/page-test-kit';

jest.mock('./parts/browser', () => ({ leaveTo: jest.fn() }));

const CLIENT = 'https://client.example/callback?state=abc';
const address = `/login/oauth/authorize?redirect_uri=${encodeURIComponent(CLIENT)}`;
const at = (url = address) => renderPage(<OAuthAuthorizePage />, { path: '/login/oauth/authorize', at: url });

afterEach(() => {
  resetSession();
  jest.mocked(leaveTo).mockReset();
});

describe('oauth authorize page', () => {
  test('sends a visitor who is not signed in to login, to come back here afterwards', () => {
    const { calls } = fakeFetch(() => ok(null));
    at();
    expect(screen.getByTestId('arrived')).toHaveTextContent(`/login?redirectFrom=${encodeURIComponent(address)}`);
    expect(calls).toHaveLength(0);
  });

  test("returns a signed-in user to the client's address with the token the server issued", async () => {
    signInAs();
    const { callsTo } = fakeFetch(() => ok({ redirectUrl: 'https://client.example/callback?state=abc&success=true&token=t' }));
    at();

    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith('https://client.example/callback?state=abc&success=true&token=t'));
    expect(callsTo('/api/auth/authorize')[0]?.body).toEqual({ redirectUri: CLIENT });
  });

  test('shows the refusal for an address that is not registered', async () => {
    signInAs();
    fakeFetch(() =>
      fail(400, 'VALIDATION', 'This address is not registered to receive sign-ins.', {
        fieldErrors: { redirectUri: ['Not a registered address.'] },
      }),
    );
    at();

    expect(await screen.findByText(MESSAGES.redirectNotRegistered)).toBeInTheDocument();
    expect(screen.getByText(CLIENT)).toBeInTheDocument();
    expect(leaveTo).not.toHaveBeenCalled();
  });

  test('says so when no address to return to is given', () => {
    fakeFetch(() => ok(null));
    at('/login/oauth/authorize');
    expect(screen.getByText(MESSAGES.authorizeNoRedirect)).toBeInTheDocument();
  });
});
