/** Every area of the product: the shell's own pages (platform) and each remote's. */
import type { Area } from './area';
import { adminArea } from './admin';
import { commsArea } from './comms';
import { platformArea } from './platform';
import { reportsArea } from './reports';
import { salesArea } from './sales';
import { trackingArea } from './tracking';
import { vehiclesArea } from './vehicles';

export const ALL_AREAS: readonly Area[] = [platformArea, salesArea, commsArea, reportsArea, adminArea, trackingArea, vehiclesArea];
