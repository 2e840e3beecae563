/** The texts of the sales team screens. */
export const TEAM_TEXT = {
  teams: 'Sales teams',
  newTeam: 'New sales team',
  createTeam: 'Create team',
  backToTeams: 'Back to sales teams',
  noTeams: 'No sales teams to show.',
  searchTeams: 'Search team, tenant and leader names',
  name: 'Name',
  teamName: 'Team name',
  type: 'Type',
  leader: 'Leader',
  members: 'Members',
  tenant: 'Tenant',
  created: 'Created',
  actions: 'Actions',
  allTypes: 'All types',
  filterByType: 'Filter by type',
  chooseLeader: 'Choose the team leader',
  chooseMembers: 'Type to find agents',
  leaderHint: 'Optional. The leader need not be one of the members.',
  membersHint: 'Agents of the tenant you are acting for and the tenants below it.',
  teamCreated: 'The team has been created.',
  teamSaved: 'The team has been saved.',
  deleteDetail: 'The teams are removed; their members keep their accounts. Targets set for a team stay on record.',
} as const;

export const deleteTeamsQuestion = (count: number, name?: string) =>
  count === 1 ? (name ? `Delete the team '${name}'?` : 'Delete this team?') : `Delete ${count} teams?`;
export const teamsDeletedMessage = (count: number) => (count === 1 ? 'The team has been deleted.' : `${count} teams have been deleted.`);
