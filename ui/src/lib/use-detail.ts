import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from './api-client';

/**
 * A record by the typed call `load` makes (GET /{route}/{id}); a missing record sends the
 * user back to the list (SPEC §8).
 */
export function useDetail<T>(route: string, id: string | undefined, load: (id: string) => Promise<T>) {
  const navigate = useNavigate();
  const query = useQuery({
    queryKey: [route, 'detail', id],
    queryFn: () => load(String(id)),
    enabled: Boolean(id),
    retry: false,
  });
  const missing = query.error instanceof ApiError && query.error.status === 404;
  useEffect(() => {
    if (missing) navigate(`/${route}`, { replace: true });
  }, [missing, navigate, route]);
  return query;
}
