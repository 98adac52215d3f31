import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RELATIVE_TIME_REFRESH_MS, useNow } from '../use-now';

function Clock({ id }: { id: number }) {
  const now = useNow();
  return <span data-testid={`clock-${id}`}>{now.toISOString()}</span>;
}

const shown = () => screen.getAllByTestId(/^clock-/).map((e) => e.textContent);

describe('useNow', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-28T10:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('gives every user one timer and the same time, refreshed on the interval', () => {
    const setInterval = vi.spyOn(globalThis, 'setInterval');
    const clearInterval = vi.spyOn(globalThis, 'clearInterval');
    const { unmount } = render(
      <>
        {Array.from({ length: 20 }, (_, i) => (
          <Clock key={i} id={i} />
        ))}
      </>,
    );
    expect(setInterval).toHaveBeenCalledTimes(1);
    expect(new Set(shown())).toEqual(new Set(['2026-11-28T10:00:00.000Z']));
    act(() => vi.advanceTimersByTime(RELATIVE_TIME_REFRESH_MS));
    expect(new Set(shown())).toEqual(new Set(['2026-11-28T10:00:30.000Z']));
    unmount();
    expect(clearInterval).toHaveBeenCalledTimes(1);
  });

  it('starts from the present after nothing has listened for a while', () => {
    const first = render(<Clock id={1} />);
    first.unmount();
    vi.setSystemTime(new Date('2026-11-28T11:15:00Z'));
    render(<Clock id={2} />);
    expect(shown()).toEqual(['2026-11-28T11:15:00.000Z']);
  });
});
