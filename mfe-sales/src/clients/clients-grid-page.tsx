/** /clients/grid: the clients as cards (clients-screen.tsx). */
import { ClientsScreen } from './clients-screen';

export default function ClientsGridPage() {
  return <ClientsScreen view="grid" />;
}
