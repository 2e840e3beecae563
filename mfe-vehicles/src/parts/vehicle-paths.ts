/** Links between the vehicles screens, from the area's screen paths. */
import { pathTo } from '@meridian/shared/contract/areas/path-to';
import { recovery, vehicles } from '@meridian/shared/contract/areas/vehicles';

export const vehiclePath = (id: string) => pathTo(vehicles.screens.view, { id });
export const repossessionPath = (id: string) => pathTo(recovery.screens.repossession, { id });
