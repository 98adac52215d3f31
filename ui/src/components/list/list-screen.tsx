import { useMemo, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { buildBuilder, filterPart, type Builder, type FilterDef, type Order } from '@/lib/builder';
import { useTranslation } from '@/lib/i18n';
import { useSession } from '@/lib/session';
import { useIsMobile } from '@/lib/use-media-query';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useDeferredAnswer } from '@/lib/use-deferred-answer';
import { saveConfigs } from '@/lib/user-configs';
import { toast } from '@/lib/toast';
import type { TablePreset, User } from '@/types/models';
import { getList } from './api/get-list';
import { ColumnFilter } from './column-filter';
import { DataTable, nextDirection, type SortKey, type TableColumn } from './data-table';
import { ColumnChooser } from './column-chooser';
import { Pagination } from './pagination';
import { CreatePresetButton, MobileFilterMenu, PresetList, usePresetData } from './presets';
import { ExportButton } from './export-button';
import { useListState } from './use-list-state';
import type { ListConfig } from './types';

export const FILTER_DEBOUNCE_MS = 100;
export const SKELETON_ROWS = 10;
export const SKELETON_CARDS = 4;

function parse<T>(raw: string | null): T | null {
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function ListScreen<T>(props: { config: ListConfig<T> }) {
  const { user } = useSession();
  if (!user) return null;
  return <ListScreenFor {...props} user={user} />;
}

function ListScreenFor<T>({ config, user }: { config: ListConfig<T>; user: User }) {
  const { t } = useTranslation();
  const { can } = useSession();
  const isMobile = useIsMobile();
  const defaultHidden = useMemo(() => config.columns.filter((c) => c.hidden).map((c) => c.id), [config.columns]);
  const list = useListState(user, config.route, config.defaultOrder, defaultHidden);
  const { state } = list;
  const [choosing, setChoosing] = useState(false);
  const canPresets = can('tenant.table-presets.store');
  const canExport = can('tenant.exports.index');
  const presetData = usePresetData(config.route, canPresets);

  const defs = useMemo(() => {
    const out: Record<string, FilterDef> = {};
    for (const c of config.columns) if (c.filter) out[c.id] = c.filter;
    return out;
  }, [config.columns]);

  const builder = useMemo<Builder>(
    () =>
      buildBuilder({ defs, filters: state.filters, order: state.order, pageSize: state.pageSize, base: state.preset?.filter }),
    [defs, state.filters, state.order, state.pageSize, state.preset],
  );
  const request = useDebouncedValue({ builder, page: state.page }, FILTER_DEBOUNCE_MS);

  const query = useQuery({
    queryKey: [config.route, 'list', request.builder, request.page, config.version ?? null],
    queryFn: ({ signal }) =>
      getList<T>({ route: config.route, builder: request.builder, page: request.page, version: config.version }, signal),
    placeholderData: keepPreviousData,
  });

  const data = useDeferredAnswer(query.data);

  const sortBy = (sort: SortKey) => {
    const order: Order = { field: sort.field, direction: nextDirection(state.order, sort) };
    if (sort.relation) order.relation = sort.relation;
    list.setOrder(order);
  };

  const applyPreset = (p: TablePreset) => {
    const order = parse<Order>(p.order_config);
    const pagination = parse<{ pageSize: number }>(p.pagination_config);
    const columnsCfg = parse<{ hidden: string[] }>(p.columns_config);
    list.applyPreset(
      { id: p.id, label: p.label, filter: parse<Builder>(p.filter_config) ?? {} },
      {
        ...(order?.field ? { order } : {}),
        ...(pagination?.pageSize ? { pageSize: pagination.pageSize } : {}),
        ...(columnsCfg?.hidden ? { hidden: columnsCfg.hidden } : {}),
      },
    );
  };

  const activeName = state.preset
    ? state.preset.label
    : Object.keys(state.filters).length > 0
      ? t('list.custom_filter')
      : t('list.no_filter');

  const visible = config.columns.filter((c) => !state.hidden.includes(c.id));
  const tableColumns: TableColumn<T>[] = visible.map((c) => ({
    id: c.id,
    label: t(c.label),
    cell: c.cell,
    sort: c.sort,
    filter: c.filter && (
      <ColumnFilter def={c.filter} column={t(c.label)} value={state.filters[c.id]} onChange={(v) => list.setFilter(c.id, v)} />
    ),
  }));
  const model = t(config.model);
  const range = data
    ? t(data.total_is_estimate ? 'list.rangeAbout' : 'list.range', { from: data.from ?? 0, to: data.to ?? 0, total: data.total })
    : '';

  const toolbar = (
    <div className="list-toolbar">
      <button type="button" onClick={() => void query.refetch()} aria-label={t('list.refresh')}>
        ⟳ <span className="label-text">{t('list.refresh')}</span>
      </button>
      <span className="range" aria-live="polite">
        {range}
      </span>
      {!isMobile && canExport && <ExportButton userId={user.id} route={config.route} filter={filterPart(builder)} />}
      <button type="button" disabled={!list.hasFilter} onClick={list.resetFilters}>
        {t('list.reset_filters')}
      </button>
      {!isMobile && canPresets && (
        <CreatePresetButton
          route={config.route}
          build={(label) => ({
            label,
            styling: null,
            type: config.route,
            columns_config: JSON.stringify({ hidden: state.hidden }),
            order_config: JSON.stringify(state.order),
            filter_config: JSON.stringify(filterPart(builder)),
            pagination_config: JSON.stringify({ pageSize: state.pageSize }),
          })}
        />
      )}
      {!isMobile && (
        <button type="button" onClick={() => setChoosing(true)}>
          {t('list.columns.button')}
        </button>
      )}
      {config.actions}
    </div>
  );

  return (
    <section className="list-screen" aria-busy={query.isFetching}>
      <h1>{t(config.title)}</h1>
      {toolbar}
      {isMobile && (
        <MobileFilterMenu
          presets={canPresets ? presetData.presets : []}
          countOf={presetData.countOf}
          activeId={state.preset?.id ?? null}
          onApply={applyPreset}
          activeName={activeName}
        />
      )}
      {!isMobile && canPresets && (
        <PresetList
          presets={presetData.presets}
          countOf={presetData.countOf}
          activeId={state.preset?.id ?? null}
          onApply={applyPreset}
        />
      )}

      <DataTable<T>
        label={t(config.title)}
        columns={tableColumns}
        rows={data?.data}
        rowKey={config.rowKey}
        empty={t('list.empty', { model })}
        failed={query.isError}
        onRetry={() => void query.refetch()}
        sort={state.order}
        onSort={sortBy}
        detailPath={config.detailPath}
        cards={isMobile ? { title: config.cardTitle } : null}
        skeletonRows={isMobile ? SKELETON_CARDS : SKELETON_ROWS}
      />

      {data && data.last_page > 0 && (
        <Pagination
          page={state.page}
          lastPage={data.last_page}
          pageSize={state.pageSize}
          onPage={list.setPage}
          onPageSize={list.setPageSize}
        />
      )}

      {choosing && (
        <ColumnChooser
          columns={config.columns}
          hidden={state.hidden}
          onClose={() => setChoosing(false)}
          onSave={(hidden) => {
            list.setHidden(hidden);
            setChoosing(false);
            const columns = list.configs.map((c) =>
              c.name.endsWith(`_columns_${config.route}`) ? { ...c, value: JSON.stringify({ hidden }) } : c,
            );
            void saveConfigs(columns, false).then((r) => toast.success(r?.message ?? t('list.changes_saved')));
          }}
        />
      )}
    </section>
  );
}
