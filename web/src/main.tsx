import { reaction } from 'mobx';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import './design';
import './shell/shell.css';
import { routes } from './routes/routes';
import { RootStore } from './stores/RootStore';
import { StoresProvider } from './stores/StoresContext';
import { messageServiceWorker, registerServiceWorker } from './sw/registerServiceWorker';

const store = new RootStore();

// Uncaught problems go to the client log queue, which flushes on start, every 30 s and on close.
window.addEventListener('error', (e) => store.logger.error(e.message || 'Uncaught error', { source: e.filename, line: e.lineno }));
window.addEventListener('unhandledrejection', (e) => store.logger.error('Unhandled rejection', { reason: String(e.reason) }));
store.logger.start(store.logSender());

if (import.meta.env.PROD) {
  registerServiceWorker((error) => store.logger.warn('Service worker registration failed', { error: String(error) }));
  reaction(
    () => [store.session.token, store.session.user?.id ?? null] as const,
    ([token, userId]) => messageServiceWorker(token, userId),
    { fireImmediately: true },
  );
}

const router = createBrowserRouter(routes);
const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
createRoot(container).render(
  <StrictMode>
    <StoresProvider store={store}>
      <RouterProvider router={router} />
    </StoresProvider>
  </StrictMode>,
);
