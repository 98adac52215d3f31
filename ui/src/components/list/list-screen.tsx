import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { buildBuilder, filterPart, type Builder, type FilterDef, type Order } from '@/lib/builder';
import { useI18n } from '@/lib/i18n';
import { useSession } from '@/lib/session';
import { useIsMobile } from '@/lib/use-media-query';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { nextSort } from '@/lib/pagination';
import { saveConfigs } from '@/lib/user-configs';
import { toast } from '@/lib/toast';
import type { TablePreset, User } from '@/types/models';
import { getList } from './api/get-list';
import { ColumnFilter } from './column-filter';
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
  const { t } = useI18n();
  const { can } = useSession();
  const isMobile = useIsMobile();
  const navigate = useNavigate();
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

  const columns = useMemo<ColumnDef<T>[]>(
    () =>
      config.columns.map((c) => ({
        id: c.id,
        header: () => t(c.label),
        cell: (info) => c.cell(info.row.original),
      })),
    [config.columns, t],
  );

  const data = query.data;
  const table = useReactTable<T>({
    data: data?.data ?? [],
    columns,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    pageCount: data?.last_page ?? -1,
    state: {
      columnVisibility: Object.fromEntries(state.hidden.map((id) => [id, false])),
      pagination: { pageIndex: state.page - 1, pageSize: state.pageSize },
      sorting: [{ id: state.order.field, desc: state.order.direction === 'desc' }],
    },
  });

  const sortBy = (sort: { field: string; relation?: string }) => {
    const order: Order = { field: sort.field, direction: nextSort(state.order, sort.field) };
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

      {isMobile ? (
        <div className="cards">
          {!data &&
            Array.from({ length: SKELETON_CARDS }, (_, i) => (
              <div key={i} className="card skeleton" data-testid="skeleton-card" aria-hidden="true" />
            ))}
          {data && data.data.length === 0 && <p className="empty">{t('list.empty', { model })}</p>}
          {data?.data.map((row) => {
            const body = (
              <>
                <div className="card-title">{config.cardTitle(row)}</div>
                <dl>
                  {visible.map((c) => (
                    <div key={c.id} className="card-line">
                      <dt>{t(c.label)}</dt>
                      <dd>{c.cell(row)}</dd>
                    </div>
                  ))}
                </dl>
              </>
            );
            return config.detailPath ? (
              <Link key={config.rowKey(row)} to={config.detailPath(row)} className="card" data-testid="list-card">
                {body}
              </Link>
            ) : (
              <div key={config.rowKey(row)} className="card" data-testid="list-card">
                {body}
              </div>
            );
          })}
        </div>
      ) : (
        <div className="table-wrap" role="region" aria-label={t(config.title)} tabIndex={0}>
          <table className="list-table">
            <thead>
              {table.getHeaderGroups().map((group) => (
                <tr key={group.id}>
                  {group.headers.map((header) => {
                    const col = config.columns.find((c) => c.id === header.column.id)!;
                    const sorted = col.sort && state.order.field === col.sort.field ? state.order.direction : null;
                    const label = t(col.label);
                    return (
                      <th
                        key={header.id}
                        scope="col"
                        aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                      >
                        {col.sort ? (
                          <button type="button" className="sort-button" onClick={() => sortBy(col.sort!)}>
                            {label}
                            <span aria-hidden="true">{sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ''}</span>
                          </button>
                        ) : (
                          <span>{label}</span>
                        )}
                        {col.filter && (
                          <ColumnFilter
                            def={col.filter}
                            column={label}
                            value={state.filters[col.id]}
                            onChange={(v) => list.setFilter(col.id, v)}
                          />
                        )}
                      </th>
                    );
                  })}
                </tr>
              ))}
            </thead>
            <tbody>
              {!data &&
                Array.from({ length: SKELETON_ROWS }, (_, i) => (
                  <tr key={i} className="skeleton-row" data-testid="skeleton-row" aria-hidden="true">
                    {visible.map((c) => (
                      <td key={c.id}>
                        <span className="skeleton" />
                      </td>
                    ))}
                  </tr>
                ))}
              {data && data.data.length === 0 && (
                <tr>
                  <td colSpan={visible.length} className="empty">
                    {t('list.empty', { model })}
                  </td>
                </tr>
              )}
              {table.getRowModel().rows.map((row) => (
                <tr
                  key={config.rowKey(row.original)}
                  className={config.detailPath ? 'clickable' : undefined}
                  onClick={(e) => {
                    if (!config.detailPath || (e.target as HTMLElement).closest('a, button')) return;
                    navigate(config.detailPath(row.original));
                  }}
                >
                  {row.getVisibleCells().map((cell, i) => (
                    <td key={cell.id}>
                      {i === 0 && config.detailPath ? (
                        <Link to={config.detailPath(row.original)}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</Link>
                      ) : (
                        flexRender(cell.column.columnDef.cell, cell.getContext())
                      )}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

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
