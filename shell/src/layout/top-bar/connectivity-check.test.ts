import { ping, startConnectivityCheck, nextCheckDelay } from './connectivity-check';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

const answer = (status: number) => ({ ok: status >= 200 && status < 300, status }) as Response;

describe('ping', () => {
  it('asks the given address without the HTTP cache and counts a success as reachable', async () => {
    const fetchImpl = jest.fn(async () => answer(200));
    await expect(ping('/api/health', { fetchImpl })).resolves.toBe(true);
    expect(fetchImpl).toHaveBeenCalledWith('/api/health', expect.objectContaining({ method: 'GET', cache: 'no-store' }));
  });

  it('counts an error answer (503: database down) and a refused connection as unreachable', async () => {
    await expect(ping('/api/health', { fetchImpl: async () => answer(503) })).resolves.toBe(false);
    await expect(ping('/api/health', { fetchImpl: async () => Promise.reject(new TypeError('Failed to fetch')) })).resolves.toBe(false);
  });

  it('gives up after the time limit', async () => {
    jest.useFakeTimers();
    const fetchImpl = jest.fn(
      (_url: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))),
        ),
    );
    const result = ping('/api/health', { fetchImpl, timeoutMs: 2000 });
    await jest.advanceTimersByTimeAsync(2000);
    await expect(result).resolves.toBe(false);
    jest.useRealTimers();
  });
});

describe('startConnectivityCheck', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  function start(statuses: { current: number | 'refused' }, url?: string) {
    const fetchImpl = jest.fn(async () => {
      if (statuses.current === 'refused') throw new TypeError('Failed to fetch');
      return answer(statuses.current);
    });
    const setOnline = jest.fn();
    const events = new EventTarget() as unknown as Window;
    const stop = startConnectivityCheck({ fetchImpl, setOnline, events, ...(url ? { url } : {}) });
    return { fetchImpl, setOnline, events, stop };
  }

  it("pings the product's own health endpoint by default, first after 5 minutes, then every 30 s", async () => {
    const { fetchImpl, setOnline, stop } = start({ current: 200 });
    setOnline.mockClear();
    await jest.advanceTimersByTimeAsync(5 * MINUTE - 1);
    expect(fetchImpl).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(fetchImpl).toHaveBeenCalledWith('/api/health', expect.objectContaining({ cache: 'no-store' }));
    expect(setOnline).toHaveBeenLastCalledWith(true);
    await jest.advanceTimersByTimeAsync(30 * SECOND);
    expect(fetchImpl).toHaveBeenCalledTimes(2);
    stop();
  });

  it('pings a configured address instead', async () => {
    const { fetchImpl, stop } = start({ current: 200 }, 'https://status.example.test/ping');
    await jest.advanceTimersByTimeAsync(5 * MINUTE);
    expect(fetchImpl).toHaveBeenCalledWith('https://status.example.test/ping', expect.anything());
    stop();
  });

  it('reports offline when the ping fails, and waits 15 minutes after more than 5 failures in a row', async () => {
    const { fetchImpl, setOnline, stop } = start({ current: 'refused' });
    await jest.advanceTimersByTimeAsync(5 * MINUTE);
    expect(setOnline).toHaveBeenLastCalledWith(false);
    await jest.advanceTimersByTimeAsync(5 * 30 * SECOND);
    expect(fetchImpl).toHaveBeenCalledTimes(6);
    await jest.advanceTimersByTimeAsync(15 * MINUTE - 1);
    expect(fetchImpl).toHaveBeenCalledTimes(6);
    await jest.advanceTimersByTimeAsync(1);
    expect(fetchImpl).toHaveBeenCalledTimes(7);
    stop();
  });

  it("on the browser's offline event reports offline at once and checks immediately", async () => {
    const statuses = { current: 200 as number | 'refused' };
    const { fetchImpl, setOnline, events, stop } = start(statuses);
    statuses.current = 'refused';
    setOnline.mockClear();
    events.dispatchEvent(new Event('offline'));
    expect(setOnline).toHaveBeenCalledWith(false);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    stop();
  });

  it("on the browser's online event checks immediately and reports online once the server answers", async () => {
    const statuses = { current: 'refused' as number | 'refused' };
    const { fetchImpl, setOnline, events, stop } = start(statuses);
    await jest.advanceTimersByTimeAsync(5 * MINUTE);
    expect(setOnline).toHaveBeenLastCalledWith(false);

    statuses.current = 200;
    events.dispatchEvent(new Event('online'));
    expect(fetchImpl).toHaveBeenCalledTimes(2);
    await jest.advanceTimersByTimeAsync(0);
    expect(setOnline).toHaveBeenLastCalledWith(true);
    stop();
  });

  it('stops pinging and listening once stopped', async () => {
    const { fetchImpl, events, stop } = start({ current: 200 });
    stop();
    events.dispatchEvent(new Event('online'));
    await jest.advanceTimersByTimeAsync(60 * MINUTE);
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('re-exports the schedule it follows', () => {
    expect(nextCheckDelay(0, true)).toBe(5 * MINUTE);
  });
});
