import { createRoot } from 'react-dom/client';
import { fetchRemoteList, loadAllRemotes } from './remotes/load-remotes';

async function start() {
  const remotes = await loadAllRemotes(await fetchRemoteList());
  const root = createRoot(document.getElementById('root')!);
  root.render(<pre>{JSON.stringify(remotes.map((r) => ({ name: r.name, status: r.status, routes: r.status === 'loaded' ? r.module.routes.length : r.error })), null, 2)}</pre>);
}
void start();
