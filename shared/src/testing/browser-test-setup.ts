import '@testing-library/jest-dom';

// react-router needs these; jsdom does not provide them. (Node's own, loaded without Node's types in this browser package.)
declare const require: (id: string) => { TextEncoder: unknown; TextDecoder: unknown };
const { TextEncoder, TextDecoder } = require('node:util');
Object.assign(globalThis, { TextEncoder, TextDecoder });

// antd reads these browser APIs, which jsdom lacks.
if (typeof window !== 'undefined')
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
/**
 * antd 6's Select and TreeSelect open through a MessageChannel macrotask, which jsdom lacks. This one
 * delivers on a timer, which is all they need (Node's real one would keep Jest's process alive).
 */
class MessageChannelForTests {
  readonly port1: { onmessage: ((event: { data: unknown }) => void) | null; close(): void } = { onmessage: null, close: () => {} };
  readonly port2 = {
    postMessage: (data: unknown) => {
      setTimeout(() => this.port1.onmessage?.({ data }), 0);
    },
    close: () => {},
  };
}
(globalThis as { MessageChannel?: unknown }).MessageChannel ??= MessageChannelForTests;
class ResizeObserverForTests {
  observe() {}
  unobserve() {}
  disconnect() {}
}
(globalThis as { ResizeObserver?: unknown }).ResizeObserver ??= ResizeObserverForTests;
/** antd's drawers and modals measure the scrollbar through a pseudo-element, which jsdom refuses; the element's own style does. */
if (typeof window !== 'undefined') {
  const computedStyle = window.getComputedStyle.bind(window);
  window.getComputedStyle = (element: Element) => computedStyle(element);
}
