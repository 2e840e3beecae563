/** /clients/list: the clients as a table (clients-screen.tsx). */
import { ClientsScreen } from './clients-screen';

export default function ClientsListPage() {
  return <ClientsScreen view="list" />;
}
