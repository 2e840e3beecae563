/** The addresses and permissions of the sales team screens (the API's: SALES/TEAMS, or its CREATE and EDIT variants). */
export const TEAMS_LIST_PATH = '/sales/teams';
export const NEW_TEAM_PATH = '/sales/teams/add';
export const editTeamPath = (id: string) => `/sales/teams/edit/${encodeURIComponent(id)}`;

export const TEAM_PERMISSIONS = {
  create: ['SALES/TEAMS', 'SALES/TEAMS/CREATE'],
  edit: ['SALES/TEAMS', 'SALES/TEAMS/EDIT'],
} as const;
