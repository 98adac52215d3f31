import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { startEarlySession } from './app/early-session';

async function start() {
  // With VITE_MSW=1 the portal runs against the mock API (demos and preview checks).
  if (import.meta.env.VITE_MSW === '1') {
    const { worker } = await import('./testing/mocks/browser');
    await worker.start({ onUnhandledRequest: 'error', serviceWorker: { url: `${import.meta.env.BASE_URL}mockServiceWorker.js` } });
  }
  // The guard's first two calls start now, beside the download of the page's own code.
  startEarlySession(window.location.pathname, import.meta.env.BASE_URL);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
