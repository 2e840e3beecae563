import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { buildRouter, preloadWhenSignedIn } from './routing/build-router';

preloadWhenSignedIn();
createRoot(document.getElementById('root')!).render(<RouterProvider router={buildRouter()} />);
