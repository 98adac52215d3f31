import { useRef, useState, type ReactNode } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { DataTable, nextDirection, type RowId, type SortKey, type SortState, type TableColumn } from '@/components/list/data-table';
import { Pagination } from '@/components/list/pagination';
import { presetCountsKey } from '@/components/list/api/presets';
import { mergeBuilders, type Builder } from '@/lib/builder';
import { DEFAULT_PAGE_SIZE } from '@/lib/pagination';
import { useDeferredAnswer } from '@/lib/use-deferred-answer';
import { useLanguage, useTranslation, type OperatorKey } from '@/lib/i18n';
import { useIsMobile } from '@/lib/use-media-query';
import { listRecords } from '@/components/records/api/resources';
import type { TablePreset } from '@/components/records/api/table-presets';
import { useReloadData } from '@/lib/use-reload-data';
import { ColumnAdjustModal, type ColumnLayout } from './column-adjust-modal';
import { TableViewsModal } from './table-views-modal';
import type { ListRoute } from '@/lib/api-routes';

export type OperatorColumn<T> = {
  id: string;
  label: OperatorKey;
  cell: (row: T) => ReactNode;
  hidden?: boolean;
  /** The field the server sorts on; absent means not sortable. */
  sort?: string;
};

type Props<T extends { id: number | string }> = {
  route: ListRoute;
  title: string;
  columns: OperatorColumn<T>[];
  /** The filters' builder clauses. */
  filter?: Builder;
  filters?: ReactNode;
  order: [string, 'asc' | 'desc'];
  selectable?: boolean;
  /** The bulk actions; the rows are the selected ones this list has shown, in selection order. */
  actions?: (selected: (number | string)[], done: () => void, rows: T[]) => ReactNode;
  /** The detail page of a row: Enter opens it when the keyboard is on. */
  detailPath?: (row: T) => string;
  /** j/k or arrows move the focus row, Enter opens it, x selects it. */
  keyboard?: boolean;
};

function parseJson<T>(text: string | null): T | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

/** The operator's props over the one list table: server paging, filters, selection, views. */
export function OperatorList<T extends { id: number | string }>(props: Props<T>) {
  const { route, title, columns, filter = {}, filters, order, selectable, actions, detailPath, keyboard } = props;
  const { t } = useTranslation('operator');
  const { t: tl } = useTranslation();
  // German keeps its nouns capitalised inside a sentence.
  const language = useLanguage();
  const isMobile = useIsMobile();
  const queryClient = useQueryClient();
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [selected, setSelected] = useState<RowId[]>([]);
  const [layout, setLayout] = useState<ColumnLayout>({ order: columns.map((c) => c.id), hidden: columns.filter((c) => c.hidden).map((c) => c.id) });
  const [viewFilter, setViewFilter] = useState<Builder>({});
  const [sort, setSort] = useState<SortState>({ field: order[0], direction: order[1] });
  const [modal, setModal] = useState<'views' | 'columns' | null>(null);

  const where = mergeBuilders(viewFilter, filter);
  // The page belongs to one filter: a new search or filter starts again on page 1.
  const whereKey = JSON.stringify([where, sort, pageSize]);
  const [paging, setPaging] = useState({ key: whereKey, page: 1 });
  const page = paging.key === whereKey ? paging.page : 1;
  const setPage = (p: number) => setPaging({ key: whereKey, page: p });

  const builder: Builder = { ...where, orderBy: [[sort.field, sort.direction]], paginate: pageSize };
  const query = useQuery({
    queryKey: ['operator', route, builder, page],
    queryFn: () => listRecords<T>(route, builder, page),
    placeholderData: keepPreviousData,
  });
  useReloadData(() => void query.refetch());
  // A selection may span pages: keep each row seen, so an action can name what it acts on.
  const seen = useRef(new Map<RowId, T>());
  for (const row of query.data?.data ?? []) seen.current.set(row.id, row);

  const byId = new Map(columns.map((c) => [c.id, c]));
  const visible = layout.order.filter((id) => !layout.hidden.includes(id)).map((id) => byId.get(id)).filter(Boolean) as OperatorColumn<T>[];
  const tableColumns: TableColumn<T>[] = visible.map((c) => ({
    id: c.id,
    label: t(c.label),
    cell: c.cell,
    ...(c.sort ? { sort: { field: c.sort } } : {}),
  }));
  const toggle = (id: RowId) => setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));
  const onSort = (key: SortKey) => setSort({ field: key.field, direction: nextDirection(sort, key) });

  const applyView = (preset: TablePreset) => {
    const columnsConfig = parseJson<ColumnLayout>(preset.columns_config);
    if (columnsConfig?.order) setLayout(columnsConfig);
    setViewFilter(parseJson<Builder>(preset.filter_config) ?? {});
    const size = parseJson<number>(preset.pagination_config);
    if (typeof size === 'number') setPageSize(size);
    setModal(null);
  };

  const data = useDeferredAnswer(query.data);
  const first = visible[0];
  return (
    <section className="operator-list" aria-busy={query.isFetching}>
      <h1>{title}</h1>
      {filters &&
        (isMobile ? (
          // On a phone the filters fold away, so the rows come first.
          <details className="operator-filters">
            <summary>{tl('list.filter')}</summary>
            {filters}
          </details>
        ) : (
          <div className="operator-filters">{filters}</div>
        ))}
      <div className="list-toolbar">
        <span className="range" aria-live="polite">
          {data
            ? t(data.total_is_estimate ? '{from}-{to} of about {total}' : '{from}-{to} of {total}', {
                from: data.from ?? 0,
                to: data.to ?? 0,
                total: data.total,
              })
            : t('Loading…')}
        </span>
        <button type="button" onClick={() => void query.refetch()}>
          {t('Refresh')}
        </button>
        <button type="button" onClick={() => setModal('views')}>
          {t('Tabelweergaven')}
        </button>
        <button type="button" onClick={() => setModal('columns')}>
          {t('Adjust columns')}
        </button>
        {actions?.(
          selected,
          () => {
            setSelected([]);
            // The page and every count of this list (totals, saved views) are read again.
            for (const queryKey of [['operator', route], [route], presetCountsKey(route)]) void queryClient.invalidateQueries({ queryKey });
          },
          selected.map((id) => seen.current.get(id)).filter((row): row is T => row !== undefined),
        )}
      </div>
      <DataTable<T>
        label={title}
        columns={tableColumns}
        rows={data?.data}
        rowKey={(row) => row.id}
        empty={t('No {model} found.', { model: language === 'de' ? title : title.toLowerCase() })}
        failed={query.isError}
        onRetry={() => void query.refetch()}
        sort={sort}
        onSort={onSort}
        detailPath={detailPath}
        linkFirstCell={false}
        keyboard={keyboard}
        selection={selectable ? { selected, onToggle: toggle, label: (id) => t('Select {name}', { name: id }) } : undefined}
        cards={isMobile && first ? { title: first.cell } : null}
      />
      {data && data.last_page > 0 && (
        <Pagination
          page={page}
          lastPage={data.last_page}
          pageSize={pageSize}
          onPage={setPage}
          onPageSize={setPageSize}
        />
      )}
      {modal === 'views' && (
        <TableViewsModal
          type={route}
          current={{ columns: layout, order: [[sort.field, sort.direction]], filter: where, pagination: pageSize }}
          onApply={applyView}
          onClose={() => setModal(null)}
        />
      )}
      {modal === 'columns' && (
        <ColumnAdjustModal
          columns={columns.map((c) => ({ id: c.id, label: t(c.label) }))}
          value={layout}
          onSave={(l) => {
            setLayout(l);
            setModal(null);
          }}
          onClose={() => setModal(null)}
        />
      )}
    </section>
  );
}
