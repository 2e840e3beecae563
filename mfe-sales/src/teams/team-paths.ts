/** The addresses of the sales team screens (paths from the sales area data; permissions are `useCan(teams, ...)`). */
import { pathTo } from '@meridian/shared/contract/areas/path-to';
import { teams } from '@meridian/shared/contract/areas/sales';

export const TEAMS_LIST_PATH = teams.screens.list;
export const NEW_TEAM_PATH = teams.screens.create;
export const editTeamPath = (id: string) => pathTo(teams.screens.edit, { id });
