/**
 * The agent indicator of spec 2.6/4: online when the user's latest agent action is 1 (day started),
 * offline when there is none, it is 0, or the lookup fails (a failure is only logged, spec 8).
 * Links to My Work. Looked up once at sign-in, then on the status polling schedule. Shown only to
 * those who work in the field: "Agent offline" means nothing to an administrator or a manager.
 */
import { useEffect } from 'react';
import { Badge } from 'antd';
import { Link } from 'react-router';
import { useShallow } from 'zustand/react/shallow';
import { AGENT_ACTION } from '@meridian/shared/constants';
import { myWork } from '@meridian/shared/contract/areas/sales';
import { worksInTheField } from '@meridian/shared/contract/areas/policies';
import type { AgentAction } from '@meridian/shared/contract/field-agent';
import { api } from '@meridian/shared/http/api';
import { apiPath } from '@meridian/shared/http/api-path';
import { isAbortError } from '@meridian/shared/http/api-error';
import { MESSAGES } from '@meridian/shared/messages';
import { isLoggedIn, permissionsOf, sessionStore, useSession } from '@meridian/shared/session/session-store';
import { startPolling } from './status-polling';
import { TOP_BAR_INK } from './top-bar-colours';

export const AGENT_LANDING_PATH = myWork.screens.landing;

/** True when the latest online/offline action is "online". Throws what the http client throws. */
export async function lookupAgentOnline(signal?: AbortSignal): Promise<boolean> {
  const { data } = await api.get<{ agentAction: AgentAction[] }>(apiPath(myWork.api.latestAction), signal ? { signal } : {});
  return data?.agentAction?.[0]?.action === AGENT_ACTION.ONLINE;
}

/** One polled check: stores the outcome and reports whether the lookup itself succeeded. */
async function refreshAgentStatus(signal: AbortSignal): Promise<boolean> {
  try {
    const online = await lookupAgentOnline(signal);
    if (!signal.aborted) sessionStore.getState().setAgentOnline(online);
    return true;
  } catch (error) {
    if (signal.aborted || isAbortError(error)) return true;
    console.warn('[top-bar] agent status lookup failed; showing offline:', error);
    sessionStore.getState().setAgentOnline(false);
    return false;
  }
}

export function AgentIndicator() {
  const { online, userId, loggedIn, inTheField } = useSession(
    useShallow((s) => ({
      online: s.agentOnline,
      userId: s.user?.Id ?? null,
      loggedIn: isLoggedIn(s),
      inTheField: worksInTheField(permissionsOf(s)),
    })),
  );

  useEffect(() => {
    if (!userId || !loggedIn || !inTheField) return undefined;
    // The status is unknown until asked, so the first lookup runs at once; then the spec's schedule.
    const poller = startPolling(refreshAgentStatus, { runImmediately: true });
    return () => poller.stop();
  }, [userId, loggedIn, inTheField]);

  if (!inTheField) return null;
  const text = online ? MESSAGES.agentOnline : MESSAGES.agentOffline;
  return (
    <Link
      to={AGENT_LANDING_PATH}
      title={text}
      data-online={online}
      style={{ display: 'inline-flex', alignItems: 'center', paddingInline: 4 }}
    >
      <Badge status={online ? 'success' : 'default'} text={<span style={{ color: TOP_BAR_INK }}>{text}</span>} />
    </Link>
  );
}
