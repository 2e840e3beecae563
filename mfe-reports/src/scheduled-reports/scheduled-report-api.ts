/** The scheduled reports' API addresses, from the reports area's data. */
import { scheduledReports } from '@meridian/shared/contract/areas/reports';
import { apiPath } from '@meridian/shared/http/api-path';

const paths = scheduledReports.api;

export const SCHEDULE_API = {
  list: apiPath(paths.list),
  one: (id: string) => apiPath(paths.one, { id }),
  pause: (id: string) => apiPath(paths.pause, { id }),
  resume: (id: string) => apiPath(paths.resume, { id }),
  run: (id: string) => apiPath(paths.run, { id }),
  runs: (id: string) => apiPath(paths.runs, { id }),
};

/** The edit screen names its schedule in the query (the spec's path has no id). */
export const editScreenOf = (id: string) => `${scheduledReports.screens.edit}?id=${encodeURIComponent(id)}`;
