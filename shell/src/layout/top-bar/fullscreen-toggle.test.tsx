import { act, fireEvent, render, screen } from '@testing-library/react';
import { MESSAGES } from '@meridian/shared/messages';
import { FullscreenToggle } from './fullscreen-toggle';

// @ant-design/icons 6.3.4's CommonJS build requires the ES build of @ant-design/colors' generate, which Jest cannot load.

/** jsdom has no Fullscreen API: a small one that behaves like the browser's (state plus fullscreenchange). */
function installFullscreenApi() {
  let element: Element | null = null;
  const change = (next: Element | null) => {
    element = next;
    document.dispatchEvent(new Event('fullscreenchange'));
  };
  Object.defineProperty(document, 'fullscreenElement', { configurable: true, get: () => element });
  const request = jest.fn(async function (this: Element) {
    change(this);
  });
  const exit = jest.fn(async () => change(null));
  Object.defineProperty(document.documentElement, 'requestFullscreen', { configurable: true, value: request });
  Object.defineProperty(document, 'exitFullscreen', { configurable: true, value: exit });
  return { request, exit, leaveWithEscape: () => change(null) };
}

afterEach(() => {
  delete (document.documentElement as { requestFullscreen?: unknown }).requestFullscreen;
  delete (document as { exitFullscreen?: unknown }).exitFullscreen;
  delete (document as { fullscreenElement?: unknown }).fullscreenElement;
});

describe('fullscreen toggle', () => {
  it('enters fullscreen, then leaves it, the icon and label following the state', async () => {
    const api = installFullscreenApi();
    render(<FullscreenToggle />);
    const button = screen.getByRole('button', { name: MESSAGES.enterFullscreen });
    expect(button.querySelector('[aria-label="fullscreen"]')).not.toBeNull();

    fireEvent.click(button);
    expect(api.request).toHaveBeenCalledTimes(1);
    const exitButton = await screen.findByRole('button', { name: MESSAGES.exitFullscreen });
    expect(exitButton.querySelector('[aria-label="fullscreen-exit"]')).not.toBeNull();

    fireEvent.click(exitButton);
    expect(api.exit).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('button', { name: MESSAGES.enterFullscreen })).toBeInTheDocument();
  });

  it('notices fullscreen left with Escape', async () => {
    const api = installFullscreenApi();
    render(<FullscreenToggle />);
    fireEvent.click(screen.getByRole('button', { name: MESSAGES.enterFullscreen }));
    await screen.findByRole('button', { name: MESSAGES.exitFullscreen });
    act(() => api.leaveWithEscape());
    expect(await screen.findByRole('button', { name: MESSAGES.enterFullscreen })).toBeInTheDocument();
  });

  it('is not offered where the browser has no Fullscreen API', () => {
    const { container } = render(<FullscreenToggle />);
    expect(container).toBeEmptyDOMElement();
  });
});
