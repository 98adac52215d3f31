import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Builder, FilterValue, Order } from '@/lib/builder';
import { isEmptyFilter } from '@/lib/builder';
import { DEFAULT_PAGE_SIZE } from '@/lib/pagination';
import { cacheConfigs, configName, readConfig, saveConfigs } from '@/lib/user-configs';
import type { Id, User } from '@/types/models';

export type ActivePreset = { id: Id; label: string; filter: Builder };

export type ListState = {
  filters: Record<string, FilterValue>;
  preset: ActivePreset | null;
  order: Order;
  page: number;
  pageSize: number;
  hidden: string[];
};

type Saved = {
  filter: { filters: Record<string, FilterValue>; preset: ActivePreset | null } | null;
  order: Order | null;
  pagination: { pageSize: number } | null;
  columns: { hidden: string[] } | null;
};

const SAVE_DELAY_MS = 500;

function initial(user: User, route: string, defaultOrder: Order, defaultHidden: string[]): ListState {
  const saved: Saved = {
    filter: readConfig(user, 'filter', route),
    order: readConfig(user, 'order', route),
    pagination: readConfig(user, 'pagination', route),
    columns: readConfig(user, 'columns', route),
  };
  return {
    filters: saved.filter?.filters ?? {},
    preset: saved.filter?.preset ?? null,
    order: saved.order ?? defaultOrder,
    page: 1,
    pageSize: saved.pagination?.pageSize ?? DEFAULT_PAGE_SIZE,
    hidden: saved.columns?.hidden ?? defaultHidden,
  };
}

/** The list's choices, restored per user and route and saved back when they change. */
export function useListState(user: User, route: string, defaultOrder: Order, defaultHidden: string[]) {
  const [state, setState] = useState<ListState>(() => initial(user, route, defaultOrder, defaultHidden));

  const configs = useMemo(
    () => [
      { name: configName(user.id, 'filter', route), value: JSON.stringify({ filters: state.filters, preset: state.preset }) },
      { name: configName(user.id, 'order', route), value: JSON.stringify(state.order) },
      { name: configName(user.id, 'pagination', route), value: JSON.stringify({ pageSize: state.pageSize }) },
      { name: configName(user.id, 'columns', route), value: JSON.stringify({ hidden: state.hidden }) },
    ],
    [user.id, route, state.filters, state.preset, state.order, state.pageSize, state.hidden],
  );

  // The local cache is written at once; the server copy follows once the choices rest,
  // and a change still waiting when the list closes is sent then.
  const first = useRef(true);
  const pending = useRef<typeof configs | null>(null);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    cacheConfigs(configs);
    pending.current = configs;
    const id = setTimeout(() => {
      pending.current = null;
      void saveConfigs(configs).catch(() => undefined);
    }, SAVE_DELAY_MS);
    return () => clearTimeout(id);
  }, [configs]);
  useEffect(
    () => () => {
      if (pending.current) void saveConfigs(pending.current).catch(() => undefined);
    },
    [],
  );

  const setFilter = useCallback((id: string, value: FilterValue | undefined) => {
    setState((s) => {
      const filters = { ...s.filters };
      if (value === undefined || isEmptyFilter(value)) delete filters[id];
      else filters[id] = value;
      return { ...s, filters, page: 1 };
    });
  }, []);

  const resetFilters = useCallback(() => setState((s) => ({ ...s, filters: {}, preset: null, page: 1 })), []);
  const setOrder = useCallback((order: Order) => setState((s) => ({ ...s, order, page: 1 })), []);
  const setPage = useCallback((page: number) => setState((s) => ({ ...s, page })), []);
  const setPageSize = useCallback((pageSize: number) => setState((s) => ({ ...s, pageSize, page: 1 })), []);
  const setHidden = useCallback((hidden: string[]) => setState((s) => ({ ...s, hidden })), []);
  const applyPreset = useCallback(
    (preset: ActivePreset, extra: Partial<Pick<ListState, 'order' | 'pageSize' | 'hidden'>>) =>
      setState((s) => ({ ...s, ...extra, filters: {}, preset, page: 1 })),
    [],
  );

  const hasFilter = state.preset !== null || Object.keys(state.filters).length > 0;

  return { state, hasFilter, configs, setFilter, resetFilters, setOrder, setPage, setPageSize, setHidden, applyPreset };
}

export type ListStateApi = ReturnType<typeof useListState>;
