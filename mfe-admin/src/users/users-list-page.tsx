/** /admin/users/list: the users as a table (users-screen.tsx). */
import { UsersScreen } from './users-screen';

export default function UsersListPage() {
  return <UsersScreen view="list" />;
}
