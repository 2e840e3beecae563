/** The addresses and permissions of the sales target screens (the API's: SALES/TARGETS, or its CREATE and EDIT variants). */
export const TARGETS_LIST_PATH = '/sales/targets';
export const NEW_TARGET_PATH = '/sales/targets/create';
export const editTargetPath = (id: string) => `/sales/targets/${encodeURIComponent(id)}/edit`;

export const TARGET_PERMISSIONS = {
  create: ['SALES/TARGETS', 'SALES/TARGETS/CREATE'],
  edit: ['SALES/TARGETS', 'SALES/TARGETS/EDIT'],
} as const;
