import { useCallback, useSyncExternalStore } from 'react';

export const RELATIVE_TIME_REFRESH_MS = 30_000;

type Clock = { now: Date; listeners: Set<() => void>; timer?: ReturnType<typeof setInterval> };

const clocks = new Map<number, Clock>();

/** The clock of an interval, its time fresh when nothing has been listening to it. */
function clockOf(intervalMs: number): Clock {
  let clock = clocks.get(intervalMs);
  if (!clock) {
    clock = { now: new Date(), listeners: new Set() };
    clocks.set(intervalMs, clock);
  } else if (clock.timer === undefined && Math.abs(Date.now() - clock.now.getTime()) >= intervalMs) {
    clock.now = new Date();
  }
  return clock;
}

/**
 * The current time, refreshed on an interval so relative times stay true. Every user of an
 * interval shares one timer: a ticket's thread shows dozens of relative times, and a timer
 * each was dozens of timers set in the one task that drew them.
 */
export function useNow(intervalMs = RELATIVE_TIME_REFRESH_MS): Date {
  const clock = clockOf(intervalMs);
  const subscribe = useCallback(
    (listener: () => void) => {
      clock.listeners.add(listener);
      clock.timer ??= setInterval(() => {
        clock.now = new Date();
        clock.listeners.forEach((tell) => tell());
      }, intervalMs);
      return () => {
        clock.listeners.delete(listener);
        if (clock.listeners.size === 0) {
          clearInterval(clock.timer);
          clock.timer = undefined;
        }
      };
    },
    [clock, intervalMs],
  );
  return useSyncExternalStore(subscribe, () => clock.now);
}
