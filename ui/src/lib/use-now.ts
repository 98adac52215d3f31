import { useEffect, useState } from 'react';

export const RELATIVE_TIME_REFRESH_MS = 30_000;

/** The current time, refreshed on an interval so relative times stay true. */
export function useNow(intervalMs = RELATIVE_TIME_REFRESH_MS): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(id);
  }, [intervalMs]);
  return now;
}
