import { useEffect, useRef } from 'react';

export const RELOAD_DATA_EVENT = 'reload-data';

/** Runs the callback whenever anything dispatches the global 'reload-data' event. */
export function useReloadData(callback: () => void) {
  const latest = useRef(callback);
  latest.current = callback;
  useEffect(() => {
    const handler = () => latest.current();
    window.addEventListener(RELOAD_DATA_EVENT, handler);
    return () => window.removeEventListener(RELOAD_DATA_EVENT, handler);
  }, []);
}

export const reloadData = () => window.dispatchEvent(new Event(RELOAD_DATA_EVENT));
