import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS, withTimeout } from '../routes';

afterEach(() => vi.useRealTimers());

describe('loading a screen', () => {
  it('gives up after 120000 ms', async () => {
    vi.useFakeTimers();
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120000);
    const never = withTimeout(() => new Promise<never>(() => undefined));
    const outcome = never.then(
      () => 'loaded',
      (e: Error) => e.message,
    );
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    let settled = false;
    void outcome.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBe('Loading the screen took too long.');
  });

  it('passes a loaded screen through', async () => {
    expect(await withTimeout(async () => 'screen')).toBe('screen');
  });
});
