import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { ApiError, client, quietClient } from './api-client';
import { preload, takePreloaded } from './preload';
import { useDeferredAnswer } from './use-deferred-answer';

/** A record's typed call: GET /{route}/{id} through the client given (the toasting one by default). */
export type DetailLoad<T> = (id: string, api?: typeof client) => Promise<T>;

const detailKey = (route: string, id: string) => `GET /api/${route}/${id}`;

/** Starts a record page's read beside the download of the page's code (quietly: the page reports failures). */
export function preloadDetail<T>(route: string, id: string, load: DetailLoad<T>): void {
  preload(detailKey(route, id), () => load(id, quietClient));
}

/**
 * A record by the typed call `load` makes (GET /{route}/{id}), or the answer the route
 * table started early; a missing record sends the user back to the list (SPEC §8).
 */
export function useDetail<T>(route: string, id: string | undefined, load: DetailLoad<T>) {
  const navigate = useNavigate();
  const query = useQuery({
    queryKey: [route, 'detail', id],
    queryFn: () => takePreloaded(detailKey(route, String(id)), () => load(String(id))),
    enabled: Boolean(id),
    retry: false,
  });
  const missing = query.error instanceof ApiError && query.error.status === 404;
  useEffect(() => {
    if (missing) navigate(`/${route}`, { replace: true });
  }, [missing, navigate, route]);
  return { ...query, data: useDeferredAnswer(query.data) };
}
