/** Who may run a standard report: the holders of the standard reports' read grant, as their screens and GET routes require. */
import { can } from '@meridian/shared/contract/access';
import { standardReports } from '@meridian/shared/contract/areas/reports';
import { grantsOf } from '../../auth/allow';
import type { RealtimeCaller } from '../../realtime/realtime-requests';

const STANDARD_READERS = grantsOf(standardReports, 'read');

export const mayReadStandardReports = (caller: Pick<RealtimeCaller, 'principal'>) => can(caller.principal, STANDARD_READERS);
