/** @jest-environment jsdom */
import { act, render, screen } from '@testing-library/react';
import { ApiError, NetworkError } from '../http/api-error';
import { MESSAGES, offlineNoticeMessage } from '../messages';
import { sessionStore } from '../session/session-store';
import { typist, WithoutAntdStyles } from '../testing/page-test-kit';
import { LoadFailedAlert } from './load-failed-alert';
import { OfflineStillWorks } from './load-offline-notice';

const showFailure = (error: unknown, stillWorks?: string) => {
  const onRetry = jest.fn();
  const alert = <LoadFailedAlert error={error} onRetry={onRetry} />;
  render(<WithoutAntdStyles>{stillWorks ? <OfflineStillWorks text={stillWorks}>{alert}</OfflineStillWorks> : alert}</WithoutAntdStyles>);
  return onRetry;
};

/** An error as a remote's own copy of the error classes makes it: same name, another class. */
class NetworkErrorOfAnotherBundle extends Error {
  override readonly name = 'NetworkError';
}

let onLine: jest.SpyInstance<boolean>;
beforeEach(() => {
  onLine = jest.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(true);
});
afterEach(() => {
  onLine.mockRestore();
  act(() => sessionStore.getState().setNetworkOnline(true));
});

describe('what a screen says when it could not load', () => {
  test('a call that got no answer says the device is offline and what still works there, not that the server failed', () => {
    showFailure(new NetworkError(), 'New leads are saved on this device');
    expect(screen.getByRole('status')).toHaveTextContent(offlineNoticeMessage('New leads are saved on this device'));
    expect(screen.queryByText(MESSAGES.serverError)).not.toBeInTheDocument();
  });

  test('without a screen of its own to name, the offline notice says the offline pages still open from the menu', () => {
    showFailure(new NetworkError());
    expect(screen.getByText(offlineNoticeMessage(MESSAGES.offlineStillWorks))).toBeInTheDocument();
  });

  test('a network failure thrown by another copy of the error classes (a remote bundle) is still told apart as offline', () => {
    showFailure(new NetworkErrorOfAnotherBundle('Failed to fetch'), 'Your day is kept on this device');
    expect(screen.getByText(offlineNoticeMessage('Your day is kept on this device'))).toBeInTheDocument();
  });

  test('any failure while the browser says it is offline is shown as offline', () => {
    onLine.mockReturnValue(false);
    showFailure(new TypeError('Load failed'));
    expect(screen.getByText(offlineNoticeMessage(MESSAGES.offlineStillWorks))).toBeInTheDocument();
  });

  test("a server failure keeps the server's sentence and says nothing about being offline", () => {
    showFailure(new ApiError({ status: 500 }));
    expect(screen.getByText(MESSAGES.loadFailed)).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.serverError)).toBeInTheDocument();
    expect(screen.queryByText(/You are offline/)).not.toBeInTheDocument();
  });
});

describe('the offline notice refreshes the screen by itself', () => {
  test("it loads again on the browser's online event, without the user pressing anything", () => {
    const onRetry = showFailure(new NetworkError());
    expect(onRetry).not.toHaveBeenCalled();
    act(() => void window.dispatchEvent(new Event('online')));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  test('it loads again when the connectivity check finds the server reachable again', () => {
    act(() => sessionStore.getState().setNetworkOnline(false));
    const onRetry = showFailure(new NetworkError());
    act(() => sessionStore.getState().setNetworkOnline(true));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  test('a server failure is not retried on its own when the connection comes back', () => {
    const onRetry = showFailure(new ApiError({ status: 500 }));
    act(() => void window.dispatchEvent(new Event('online')));
    expect(onRetry).not.toHaveBeenCalled();
  });

  test('its Try again still retries at once', async () => {
    const onRetry = showFailure(new NetworkError());
    await typist().click(screen.getByRole('button', { name: MESSAGES.retry }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
