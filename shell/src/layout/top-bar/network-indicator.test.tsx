// @ant-design/icons 6.3.4's CommonJS build requires the ES build of @ant-design/colors' generate, which Jest cannot load.

import { act, render, screen } from '@testing-library/react';
import { MESSAGES } from '@meridian/shared/messages';
import { sessionStore } from '@meridian/shared/session/session-store';
import { NetworkIndicator } from './network-indicator';

afterEach(() => act(() => sessionStore.getState().setNetworkOnline(true)));

describe('network indicator', () => {
  it('is titled exactly "Application is currently online." while online', () => {
    sessionStore.getState().setNetworkOnline(true);
    render(<NetworkIndicator />);
    expect(screen.getByTitle('Application is currently online.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveAttribute('title', MESSAGES.appOnline);
  });

  it('is titled exactly "Application is currently offline." while offline', () => {
    sessionStore.getState().setNetworkOnline(false);
    render(<NetworkIndicator />);
    expect(screen.getByTitle('Application is currently offline.')).toBeInTheDocument();
  });

  it('follows the connectivity status in the store as it changes', () => {
    sessionStore.getState().setNetworkOnline(true);
    render(<NetworkIndicator />);
    act(() => sessionStore.getState().setNetworkOnline(false));
    expect(screen.getByRole('status', { name: MESSAGES.appOffline })).toHaveAttribute('title', MESSAGES.appOffline);
    act(() => sessionStore.getState().setNetworkOnline(true));
    expect(screen.getByRole('status', { name: MESSAGES.appOnline })).toBeInTheDocument();
  });
});
