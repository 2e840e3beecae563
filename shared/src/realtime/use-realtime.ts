/**
 * React hook over the one realtime socket: calls `handler` with each `event` the server sends while the
 * component is mounted. The latest `handler` is called, so an inline function does not resubscribe at
 * every render.
 */
import { useEffect, useRef } from 'react';
import type { RealtimeEvent, RealtimeEvents } from '../contract/realtime';
import { subscribe } from '@meridian/shared/realtime/realtime-connection';

export function useRealtime<E extends RealtimeEvent>(event: E, handler: (payload: RealtimeEvents[E]) => void): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => subscribe(event, (payload) => latest.current(payload)), [event]);
}
