/** /admin/users/grid: the users as cards (users-screen.tsx). */
import { UsersScreen } from './users-screen';

export default function UsersGridPage() {
  return <UsersScreen view="grid" />;
}
