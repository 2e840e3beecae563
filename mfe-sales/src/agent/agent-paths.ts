/** The addresses of the agent history screens. */
export const AGENT_ACTIONS_PATH = '/sales/agents/actions';
export const HISTORY_READERS = ['SALES/AGENTS/HISTORY'];
export const POSITION_READERS = ['SALES/AGENT/POSITION'];

/** One agent's actions of one day. */
export const agentDayPath = (agentId: string, day: string) =>
  `${AGENT_ACTIONS_PATH}?${new URLSearchParams({ agent: agentId, date: day }).toString()}`;

/** A position on the map: longitude first, as the spec's address has it. */
export const agentLocationPath = (lat: number, lng: number) => `/sales/agents/location/${encodeURIComponent(String(lng))}/${encodeURIComponent(String(lat))}`;
