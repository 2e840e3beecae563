/** The addresses of the sales target screens (paths from the sales area data; permissions are `useCan(targets, ...)`). */
import { pathTo } from '@meridian/shared/contract/areas/path-to';
import { targets } from '@meridian/shared/contract/areas/sales';

export const TARGETS_LIST_PATH = targets.screens.list;
export const NEW_TARGET_PATH = targets.screens.create;
export const editTargetPath = (id: string) => pathTo(targets.screens.edit, { id });
