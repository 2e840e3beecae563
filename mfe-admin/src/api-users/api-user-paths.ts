/** The addresses of the API users screens. */
import { apiUsers } from '@meridian/shared/contract/areas/admin';

export const API_USERS_LIST_PATH = apiUsers.screens.list;
export const ADD_API_USER_PATH = apiUsers.screens.add;
