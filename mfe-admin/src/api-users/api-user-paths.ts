/** The addresses of the API users screens. */
export const API_USERS_LIST_PATH = '/admin/api-users/list';
export const ADD_API_USER_PATH = '/admin/api-users/add';
