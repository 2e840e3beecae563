/** The addresses of the agent history screens (paths from the sales area data). */
import { pathTo } from '@meridian/shared/contract/areas/path-to';
import { agentHistory } from '@meridian/shared/contract/areas/sales';

export const AGENT_ACTIONS_PATH = agentHistory.screens.actions;

/** One agent's actions of one day. */
export const agentDayPath = (agentId: string, day: string) =>
  `${AGENT_ACTIONS_PATH}?${new URLSearchParams({ agent: agentId, date: day }).toString()}`;

/** A position on the map: longitude first, as the spec's address has it. */
export const agentLocationPath = (lat: number, lng: number) =>
  pathTo(agentHistory.screens.location, { lng: String(lng), lat: String(lat) });
