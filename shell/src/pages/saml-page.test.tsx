import { screen, waitFor } from '@testing-library/react';
import { MESSAGES } from '@meridian/shared/messages';
import SamlPage from './saml-page';
import { leaveTo } from './parts/browser';
import { fail, fakeFetch, ok, renderPage } from './parts/page-test-kit';

jest.mock('./parts/browser', () => ({ leaveTo: jest.fn() }));

const at = () => renderPage(<SamlPage />, { path: '/saml', at: '/saml' });

afterEach(() => jest.mocked(leaveTo).mockReset());

describe('single sign-on page', () => {
  test('explains that single sign-on is not configured when the server has no provider (404)', async () => {
    fakeFetch(() => fail(404, 'NOT_FOUND', "Single sign-on provider 'saml' not found."));
    at();

    expect(await screen.findByText(MESSAGES.ssoNotConfigured)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.ssoNotConfiguredDetail)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
    expect(leaveTo).not.toHaveBeenCalled();
  });

  test("leaves for the provider's address when one is configured", async () => {
    const { callsTo } = fakeFetch(() => ok({ provider: 'saml', url: 'https://idp.example/sso?app=meridian' }));
    at();

    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith('https://idp.example/sso?app=meridian'));
    expect(callsTo('/api/auth/auth-url/saml')).toHaveLength(1);
  });

  test('does not follow an address that is not a web address', async () => {
    fakeFetch(() => ok({ provider: 'saml', url: 'javascript:alert(1)' }));
    at();

    expect(await screen.findByText(MESSAGES.ssoNotConfigured)).toBeInTheDocument();
    expect(leaveTo).not.toHaveBeenCalled();
  });
});
