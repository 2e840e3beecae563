import { createLivePositions, LIVE_FLUSH_MS, type LivePosition } from './live-positions';

const at = (id: string, time: number, lat = -26.2, lng = 28.04): LivePosition => ({ id, time, lat, lng });

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('live positions', () => {
  test('many updates of one item inside one interval give one flush with the newest', () => {
    const store = createLivePositions();
    const flushes: Array<Map<string, LivePosition>> = [];
    store.subscribe((changed) => flushes.push(new Map(changed)));
    for (let i = 1; i <= 20; i++) store.update(at('truck-1', 1000 + i, -26 - i / 100));
    jest.advanceTimersByTime(LIVE_FLUSH_MS);
    expect(flushes).toHaveLength(1);
    expect([...flushes[0]!.values()]).toEqual([at('truck-1', 1020, -26.2)]);
  });

  test('an update older than the one known is dropped, even in a later interval', () => {
    const store = createLivePositions();
    const flushes: Array<Map<string, LivePosition>> = [];
    store.subscribe((changed) => flushes.push(new Map(changed)));
    store.update(at('truck-1', 2000, -26.3));
    store.update(at('truck-1', 1000, -26.1));
    jest.advanceTimersByTime(LIVE_FLUSH_MS);
    expect(flushes[0]!.get('truck-1')!.lat).toBe(-26.3);
    store.update(at('truck-1', 1500, -26.2));
    jest.advanceTimersByTime(LIVE_FLUSH_MS * 3);
    expect(flushes).toHaveLength(1);
    expect(store.latest().get('truck-1')!.time).toBe(2000);
  });

  test('several items merge into one flush', () => {
    const store = createLivePositions();
    const listener = jest.fn();
    store.subscribe(listener);
    store.update(at('truck-1', 1000));
    store.update(at('truck-2', 1001));
    store.update(at('agent-7', 999));
    jest.advanceTimersByTime(LIVE_FLUSH_MS);
    expect(listener).toHaveBeenCalledTimes(1);
    expect([...(listener.mock.calls[0]![0] as Map<string, LivePosition>).keys()].sort()).toEqual(['agent-7', 'truck-1', 'truck-2']);
  });

  test('the flush rate is configurable and steady', () => {
    const store = createLivePositions({ flushMs: 1000 });
    const listener = jest.fn();
    store.subscribe(listener);
    store.update(at('truck-1', 1));
    jest.advanceTimersByTime(999);
    expect(listener).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(listener).toHaveBeenCalledTimes(1);
    store.update(at('truck-1', 2));
    jest.advanceTimersByTime(1000);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  test('unsubscribing stops the flushes', () => {
    const store = createLivePositions();
    const kept = jest.fn();
    const gone = jest.fn();
    store.subscribe(kept);
    const unsubscribe = store.subscribe(gone);
    unsubscribe();
    store.update(at('truck-1', 1000));
    jest.advanceTimersByTime(LIVE_FLUSH_MS);
    expect(gone).not.toHaveBeenCalled();
    expect(kept).toHaveBeenCalledTimes(1);
  });

  test('with no subscriber left, no timer keeps running', () => {
    const store = createLivePositions();
    const unsubscribe = store.subscribe(() => {});
    expect(jest.getTimerCount()).toBe(1);
    unsubscribe();
    expect(jest.getTimerCount()).toBe(0);
    store.subscribe(() => {});
    store.close();
    expect(jest.getTimerCount()).toBe(0);
  });

  test('nothing is flushed when nothing changed', () => {
    const store = createLivePositions();
    const listener = jest.fn();
    store.subscribe(listener);
    jest.advanceTimersByTime(LIVE_FLUSH_MS * 10);
    expect(listener).not.toHaveBeenCalled();
    store.update(at('truck-1', 1000));
    jest.advanceTimersByTime(LIVE_FLUSH_MS * 10);
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
