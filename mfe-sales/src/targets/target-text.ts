/** The texts of the sales target screens. */
export const TARGET_TEXT = {
  targets: 'Sales targets',
  newTarget: 'New sales target',
  createTarget: 'Create target',
  backToTargets: 'Back to sales targets',
  noTargets: 'No sales targets to show.',
  searchTargets: 'Search target, team and agent names',
  name: 'Name',
  targetName: 'Target name',
  metric: 'Metric',
  target: 'Target',
  targetValue: 'Target value',
  progress: 'Progress',
  period: 'Period',
  periodStart: 'Period starts',
  periodEnd: 'Period ends',
  forWhom: 'For',
  forTeam: 'A team',
  forAgent: 'An agent',
  team: 'Team',
  agent: 'Agent',
  tenant: 'Tenant',
  actions: 'Actions',
  allMetrics: 'All metrics',
  filterByMetric: 'Filter by metric',
  periodFrom: 'Periods from',
  periodTo: 'Periods until',
  chooseTeam: 'Type to find a team',
  targetCreated: 'The target has been created.',
  targetSaved: 'The target has been saved.',
  deleteDetail: 'The targets are removed. What was achieved stays in the records it was counted from.',
  achievedHint: 'Counted from the records of the period; see each metric for what counts.',
} as const;

export const deleteTargetsQuestion = (count: number, name?: string) =>
  count === 1 ? (name ? `Delete the target '${name}'?` : 'Delete this target?') : `Delete ${count} targets?`;
export const targetsDeletedMessage = (count: number) =>
  count === 1 ? 'The target has been deleted.' : `${count} targets have been deleted.`;
/** "12 / 40", what the progress bar says. */
export const achievedText = (achieved: number, target: number) => `${achieved.toLocaleString()} / ${target.toLocaleString()}`;
export const progressLabel = (name: string, achieved: number, target: number) => `${name}: ${achieved} of ${target}`;
