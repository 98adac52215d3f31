import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { startEarlySession } from './app/early-session';
import { warmFormats } from './lib/format';

async function start() {
  // With VITE_MSW=1 the portal runs against the mock API (demos and preview checks).
  if (import.meta.env.VITE_MSW === '1') {
    const { worker } = await import('./testing/mocks/browser');
    await worker.start({ onUnhandledRequest: 'error', serviceWorker: { url: `${import.meta.env.BASE_URL}mockServiceWorker.js` } });
  }
  // The guard's first two calls start now, beside the download of the page's own code.
  startEarlySession(window.location.pathname, import.meta.env.BASE_URL);
  const root = createRoot(document.getElementById('root')!);
  // The first render as a transition: React draws it in slices of a few milliseconds,
  // yielding to the browser between them, instead of one long task (a phone's blocking time).
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
  // While the page's code and data download, the main thread waits: build the number,
  // date and relative-time formats then, not in the task that draws the rows (an idle
  // callback came too late on a slowed phone, after the rows), each in a task of its own.
  warmFormats();
}

void start();
