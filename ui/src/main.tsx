import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';

async function start() {
  // With VITE_MSW=1 the portal runs against the mock API (demos and preview checks).
  if (import.meta.env.VITE_MSW === '1') {
    const { worker } = await import('./testing/mocks/browser');
    await worker.start({ onUnhandledRequest: 'error', serviceWorker: { url: `${import.meta.env.BASE_URL}mockServiceWorker.js` } });
  }
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
