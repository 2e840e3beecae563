/** The report files screen's route: path and permission from the reports area's data. */
import { screenRoute } from '@meridian/shared/module/area-routes';
import { reportFiles } from '@meridian/shared/contract/areas/reports';

export const reportFileRoutes = [screenRoute(reportFiles, 'list', () => import('./report-files-page'), { title: 'Report files' })];
