/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

// The API serves the built portal at /app in browser-history mode.
export default defineConfig(({ mode }) => ({
  base: '/app/',
  // `--mode msw` builds a copy that runs on the mock API (src/testing/mocks) for demos
  // and for trying the browser tests without a server.
  publicDir: mode === 'msw' ? 'e2e/msw-public' : 'public',
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: { outDir: mode === 'msw' ? 'dist-msw' : 'dist', emptyOutDir: true, chunkSizeWarningLimit: 800 },
  server: { proxy: { '/api': 'http://localhost:8000' } },
  test: {
    environment: 'jsdom',
    globals: false,
    setupFiles: ['./src/testing/setup-tests.ts'],
    include: ['src/**/__tests__/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    testTimeout: 20000,
  },
}));
