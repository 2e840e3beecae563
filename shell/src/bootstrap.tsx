import { createRoot } from 'react-dom/client';
import { App } from './app';
import { fetchRemoteList, loadAllRemotes, type RemoteDescriptor } from './remotes/load-remotes';

async function start() {
  let descriptors: RemoteDescriptor[] = [];
  try {
    descriptors = await fetchRemoteList();
  } catch (error) {
    // Without the list the shell still signs users in and shows its own pages.
    console.error('[shell] could not read /remotes.json', error);
  }
  const remotes = await loadAllRemotes(descriptors);
  createRoot(document.getElementById('root')!).render(<App initial={remotes} descriptors={descriptors} />);
}

void start();
