/**
 * Follows the commands the user just sent until they settle: their history row is read every few
 * seconds, and a change of state reloads the table and, for an answer or a failure, tells the user.
 * A command still queued or sent after a couple of minutes is left to the table (the device may be
 * off; an OsmAnd client never answers).
 */
import { useEffect, useRef, useState } from 'react';
import { App } from 'antd';
import type { SentCommand } from '@meridian/shared/contract/geo-command';
import { api } from '@meridian/shared/http/api';
import { TRACKING_API } from '../parts/tracking-api';
import { commandAnsweredText, commandFailedText } from '../parts/tracking-text';

const POLL_MS = 2_000;
const FOLLOW_MS = 120_000;

interface Followed {
  id: string;
  deviceId: string;
  status: string;
  since: number;
}

export function useCommandProgress(onChange: () => void) {
  const { notification } = App.useApp();
  const [followed, setFollowed] = useState<Followed[]>([]);
  const changed = useRef(onChange);
  changed.current = onChange;

  useEffect(() => {
    if (!followed.length) return undefined;
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      const next: Followed[] = [];
      let moved = false;
      for (const command of followed) {
        const answer = await api
          .get<SentCommand[]>(TRACKING_API.sentCommands, { signal: controller.signal, query: { deviceId: command.deviceId, size: 10 } })
          .catch(() => null);
        const row = answer?.data.find((c) => c.id === command.id);
        if (row && row.status !== command.status) moved = true;
        if (row?.status === 'answered') notification.success({ title: commandAnsweredText(row.deviceName, row.result ?? '') });
        else if (row?.status === 'failed') notification.error({ title: commandFailedText(row.deviceName, row.failure ?? '') });
        else if (Date.now() - command.since < FOLLOW_MS) next.push({ ...command, status: row?.status ?? command.status });
      }
      if (controller.signal.aborted) return;
      if (moved) changed.current();
      setFollowed(next);
    }, POLL_MS);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [followed, notification]);

  return {
    follow: (command: { id: string; deviceId: string }) =>
      setFollowed((current) => [...current, { ...command, status: 'queued', since: Date.now() }]),
  };
}
