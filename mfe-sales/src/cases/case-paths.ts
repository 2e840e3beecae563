/** The addresses and permissions of the case screens (the API's: SALES/CASES, or its CREATE and EDIT variants). */
export const CASES_LIST_PATH = '/sales/cases';
export const NEW_CASE_PATH = '/sales/cases/add';
export const editCasePath = (id: string) => `/sales/cases/edit/${encodeURIComponent(id)}`;

export const CASE_PERMISSIONS = {
  create: ['SALES/CASES', 'SALES/CASES/CREATE'],
  edit: ['SALES/CASES', 'SALES/CASES/EDIT'],
} as const;
