/**
 * One session refresh at a time across the tabs of a browser. The tabs share one refresh cookie, and
 * a refresh token is single use: two tabs refreshing at once would present the same token twice. The
 * server forgives that once, within a few seconds (api sessions.ts), but the tabs should not rely on
 * it: the Web Locks API makes the refreshes take turns, and a BroadcastChannel hands the fresh access
 * token to the other tabs, so a tab that waited for the lock usually finds it has nothing left to do.
 * Where either API is missing, each tab still refreshes once at a time (the http client's single flight).
 */
import type { AuthSession } from '../contract/auth';

export interface RefreshCoordination {
  /** Runs `refresh` holding the browser-wide refresh lock (or at once, where there are no locks). */
  exclusive<T>(refresh: () => Promise<T>): Promise<T>;
  /** Hands a fresh session to the other tabs. */
  announce(session: AuthSession): void;
  /** Calls `listener` with each session another tab announces; answers the function that stops listening. */
  onAnnounced(listener: (session: AuthSession) => void): () => void;
}

const LOCK_NAME = 'meridian-session-refresh';
const CHANNEL_NAME = 'meridian-session';

interface Announcement {
  kind: 'refreshed';
  session: AuthSession;
}

const isAnnouncement = (value: unknown): value is Announcement =>
  typeof value === 'object' &&
  value !== null &&
  (value as Announcement).kind === 'refreshed' &&
  typeof (value as Announcement).session?.token === 'string';

/** Locks and channel of this browser where it has them; each part degrades to nothing on its own. */
export function browserRefreshCoordination(
  locks: LockManager | undefined = typeof navigator !== 'undefined' ? navigator.locks : undefined,
  openChannel: (() => BroadcastChannel) | null = typeof BroadcastChannel !== 'undefined' ? () => new BroadcastChannel(CHANNEL_NAME) : null,
): RefreshCoordination {
  let channel: BroadcastChannel | null = null;
  const channelOnce = () => (channel ??= openChannel?.() ?? null);
  return {
    // The lock is held until `refresh` settles; other tabs' requests queue behind it.
    exclusive: <T>(refresh: () => Promise<T>) => (locks ? (locks.request(LOCK_NAME, refresh) as Promise<T>) : refresh()),
    announce(session) {
      const message: Announcement = { kind: 'refreshed', session };
      channelOnce()?.postMessage(message);
    },
    onAnnounced(listener) {
      const target = channelOnce();
      if (!target) return () => undefined;
      const onMessage = (event: MessageEvent) => {
        if (isAnnouncement(event.data)) listener(event.data.session);
      };
      target.addEventListener('message', onMessage);
      return () => target.removeEventListener('message', onMessage);
    },
  };
}

/** No other tabs to mind: Node, tests, and any caller that wants the per-tab single flight only. */
export const tabLocalCoordination = (): RefreshCoordination => ({
  exclusive: (refresh) => refresh(),
  announce: () => undefined,
  onAnnounced: () => () => undefined,
});
