import '@testing-library/jest-dom/vitest';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { server } from './mocks/server';
import { toast } from '@/lib/toast';
import { loadOperatorTexts } from '@/lib/i18n';

// Debounced saves and reloads settle within this; a slow machine must not fail a test.
configure({ asyncUtilTimeout: 5000 });

// The app loads the operator texts with the workspace's routes; the tests render operator
// screens on their own, so every test starts with them loaded.
beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  await Promise.all([loadOperatorTexts('nl'), loadOperatorTexts('de')]);
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
  toast.clearAll();
});
afterAll(() => server.close());
