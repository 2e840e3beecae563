/** Public pages and map pages: no top bar or sidebar. */
import { Outlet } from 'react-router';

export function PlainLayout() {
  return (
    <main style={{ minHeight: '100vh' }}>
      <Outlet />
    </main>
  );
}
