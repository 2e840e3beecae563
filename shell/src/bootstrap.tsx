import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { buildRouter, preloadWhenSignedIn } from './routing/build-router';
import { registerServiceWorker } from './service-worker-registration';

preloadWhenSignedIn();
registerServiceWorker();
createRoot(document.getElementById('root')!).render(<RouterProvider router={buildRouter()} />);
