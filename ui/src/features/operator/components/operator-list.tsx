import { useState, type ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Pagination } from '@/components/list/pagination';
import { mergeBuilders, type Builder } from '@/lib/builder';
import { DEFAULT_PAGE_SIZE } from '@/lib/pagination';
import { useLanguage } from '@/lib/i18n';
import { listRecords } from '../api/resources';
import type { TablePreset } from '../api/table-presets';
import { useReloadData } from '../hooks/use-reload-data';
import { useTranslation, type OperatorKey } from '@/lib/i18n';
import { ColumnAdjustModal, type ColumnLayout } from './column-adjust-modal';
import { TableViewsModal } from './table-views-modal';

export type OperatorColumn<T> = { id: string; label: OperatorKey; cell: (row: T) => ReactNode; hidden?: boolean };

type Props<T extends { id: number | string }> = {
  route: string;
  title: string;
  columns: OperatorColumn<T>[];
  /** The filters' builder clauses. */
  filter?: Builder;
  filters?: ReactNode;
  order: [string, 'asc' | 'desc'];
  selectable?: boolean;
  actions?: (selected: (number | string)[], done: () => void) => ReactNode;
};

function parseJson<T>(text: string | null): T | null {
  if (!text) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

/** A server-paged operator list with filters, selection, saved views and columns. */
export function OperatorList<T extends { id: number | string }>({ route, title, columns, filter = {}, filters, order, selectable, actions }: Props<T>) {
  const { t } = useTranslation('operator');
  // German keeps its nouns capitalised inside a sentence.
  const language = useLanguage();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [selected, setSelected] = useState<(number | string)[]>([]);
  const [layout, setLayout] = useState<ColumnLayout>({ order: columns.map((c) => c.id), hidden: columns.filter((c) => c.hidden).map((c) => c.id) });
  const [viewFilter, setViewFilter] = useState<Builder>({});
  const [modal, setModal] = useState<'views' | 'columns' | null>(null);

  const builder: Builder = { ...mergeBuilders(viewFilter, filter), orderBy: [order], paginate: pageSize };
  const query = useQuery({
    queryKey: ['operator', route, builder, page],
    queryFn: () => listRecords<T>(route, builder, page),
    placeholderData: keepPreviousData,
  });
  useReloadData(() => void query.refetch());

  const byId = new Map(columns.map((c) => [c.id, c]));
  const visible = layout.order.filter((id) => !layout.hidden.includes(id)).map((id) => byId.get(id)).filter(Boolean) as OperatorColumn<T>[];
  const rows = query.data?.data ?? [];
  const toggle = (id: number | string) => setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));

  const applyView = (preset: TablePreset) => {
    const columnsConfig = parseJson<ColumnLayout>(preset.columns_config);
    if (columnsConfig?.order) setLayout(columnsConfig);
    setViewFilter(parseJson<Builder>(preset.filter_config) ?? {});
    const size = parseJson<number>(preset.pagination_config);
    if (typeof size === 'number') setPageSize(size);
    setPage(1);
    setModal(null);
  };

  return (
    <section className="operator-list">
      <h1>{title}</h1>
      {filters && <div className="operator-filters">{filters}</div>}
      <div className="list-toolbar">
        <span className="range">
          {query.data
            ? t(query.data.total_is_estimate ? '{from}-{to} of about {total}' : '{from}-{to} of {total}', {
                from: query.data.from ?? 0,
                to: query.data.to ?? 0,
                total: query.data.total,
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
        {actions?.(selected, () => {
          setSelected([]);
          void query.refetch();
        })}
      </div>
      <div className="table-wrap">
        <table className="list-table">
          <thead>
            <tr>
              {selectable && (
                <th>
                  <span className="visually-hidden">{t('Select')}</span>
                </th>
              )}
              {visible.map((c) => (
                <th key={c.id} scope="col">
                  {t(c.label)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                {selectable && (
                  <td>
                    <input type="checkbox" aria-label={t('Select {name}', { name: row.id })} checked={selected.includes(row.id)} onChange={() => toggle(row.id)} />
                  </td>
                )}
                {visible.map((c) => (
                  <td key={c.id}>{c.cell(row)}</td>
                ))}
              </tr>
            ))}
            {query.data && rows.length === 0 && (
              <tr>
                <td colSpan={visible.length + (selectable ? 1 : 0)} className="empty">
                  {t('No {model} found.', { model: language === 'de' ? title : title.toLowerCase() })}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {query.data && (
        <Pagination
          page={query.data.current_page}
          lastPage={query.data.last_page}
          pageSize={pageSize}
          onPage={setPage}
          onPageSize={(s) => {
            setPageSize(s);
            setPage(1);
          }}
        />
      )}
      {modal === 'views' && (
        <TableViewsModal
          type={route}
          current={{ columns: layout, order: [order], filter: mergeBuilders(viewFilter, filter), pagination: pageSize }}
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
