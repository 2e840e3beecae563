/** The addresses of the case screens (paths from the sales area data; permissions are `useCan(cases, ...)`). */
import { pathTo } from '@meridian/shared/contract/areas/path-to';
import { cases } from '@meridian/shared/contract/areas/sales';

export const CASES_LIST_PATH = cases.screens.list;
export const NEW_CASE_PATH = cases.screens.create;
export const editCasePath = (id: string) => pathTo(cases.screens.edit, { id });
