// The one table of every list, portal and operator alike, on TanStack Table: paging and
// sorting happen on the server (manual), so the table only draws what the page holds.
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { flexRender, getCoreRowModel, useReactTable, type Cell, type ColumnDef, type Row, type SortingState } from '@tanstack/react-table';
import { DrawnAfter } from '@/components/ui/drawn-after';
import { useTranslation } from '@/lib/i18n';
import './list.css';

export type SortKey = { field: string; relation?: string };
export type SortState = SortKey & { direction: 'asc' | 'desc' };
export type RowId = string | number;

export type TableColumn<T> = {
  id: string;
  /** The translated header text. */
  label: string;
  cell: (row: T) => ReactNode;
  /** What the server sorts on; absent means not sortable. */
  sort?: SortKey;
  /** A filter control shown in the header after the label. */
  filter?: ReactNode;
};

export type Selection = {
  selected: RowId[];
  onToggle: (id: RowId) => void;
  /** The checkbox's name: 'Select {row}'. */
  label: (id: RowId) => string;
};

type Props<T> = {
  /** The table's accessible name. */
  label: string;
  columns: TableColumn<T>[];
  /** Undefined while the first page loads. */
  rows: T[] | undefined;
  rowKey: (row: T) => RowId;
  /** The text shown when the page is empty. */
  empty: string;
  /** A failed load: shown instead of the skeleton, with a retry. */
  failed?: boolean;
  onRetry?: () => void;
  sort?: SortState | null;
  onSort?: (key: SortKey) => void;
  detailPath?: (row: T) => string;
  /** The first cell links to the detail page (off when the cells hold their own links). */
  linkFirstCell?: boolean;
  selection?: Selection;
  /** j/k or arrows move the focus row, Enter opens it, x selects it. */
  keyboard?: boolean;
  /** Cards instead of a table (the phone); the title line of each card. */
  cards?: { title: (row: T) => ReactNode } | null;
  skeletonRows?: number;
};

/** One sort at a time: a column is sorted only when its field and relation both match. */
export const sameSort = (a: SortKey | null | undefined, b: SortKey | null | undefined) =>
  !!a && !!b && a.field === b.field && (a.relation ?? null) === (b.relation ?? null);

/** The direction a click on a column gives: ascending first, then toggling. */
export function nextDirection(current: SortState | null | undefined, key: SortKey): 'asc' | 'desc' {
  if (!current || !sameSort(current, key)) return 'asc';
  return current.direction === 'asc' ? 'desc' : 'asc';
}

/** Cards drawn with the page; the rest, below the first screen, follow in a commit of their own. */
const FIRST_CARDS = 5;

// Keys typed into a field or a dialog are the field's; Enter on a control is the control's.
const TYPING = 'input:not([type="checkbox"]), select, textarea, [contenteditable="true"], [role="dialog"]';
const CONTROL = 'a, button, input, select, textarea';

export function DataTable<T>(props: Props<T>) {
  const { label, columns, rows, rowKey, empty, failed, onRetry, sort, onSort, detailPath, selection, keyboard, cards } = props;
  const linkFirstCell = props.linkFirstCell ?? true;
  const skeletonRows = props.skeletonRows ?? 10;
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [focus, setFocus] = useState(-1);
  const rowRefs = useRef<(HTMLElement | null)[]>([]);
  const helpId = useId();

  const defs = useMemo<ColumnDef<T>[]>(
    () => columns.map((c) => ({ id: c.id, header: () => c.label, cell: (info) => c.cell(info.row.original) })),
    [columns],
  );
  // A cell is called, not mounted: flexRender would mount each cell function as a
  // component whose type is new with every columns array, so a re-render of the list
  // would remount every cell and drop the button a click was aimed at.
  const cellContent = (cell: Cell<T, unknown>) => columns.find((c) => c.id === cell.column.id)?.cell(cell.row.original) ?? null;
  const sorting = useMemo<SortingState>(() => {
    const col = sort ? columns.find((c) => sameSort(c.sort, sort)) : undefined;
    return col && sort ? [{ id: col.id, desc: sort.direction === 'desc' }] : [];
  }, [columns, sort]);
  const table = useReactTable<T>({
    data: rows ?? [],
    columns: defs,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    enableMultiSort: false,
    state: { sorting },
  });
  const tableRows = table.getRowModel().rows;

  // A new page starts without a focus row; focus follows the row the keys moved to.
  useEffect(() => setFocus(-1), [rows]);
  useEffect(() => {
    if (focus >= 0) rowRefs.current[focus]?.focus();
  }, [focus]);

  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (!keyboard || e.altKey || e.ctrlKey || e.metaKey) return;
    const target = e.target as HTMLElement;
    if (target.closest(TYPING)) return;
    if (e.key === 'Enter' && target.closest(CONTROL)) return;
    const count = tableRows.length;
    if (count === 0) return;
    const row = focus >= 0 ? tableRows[focus]?.original : undefined;
    if (e.key === 'j' || e.key === 'ArrowDown') {
      e.preventDefault();
      setFocus((f) => Math.min(f + 1, count - 1));
    } else if (e.key === 'k' || e.key === 'ArrowUp') {
      e.preventDefault();
      setFocus((f) => Math.max(f - 1, 0));
    } else if (e.key === 'Enter' && row !== undefined && detailPath) {
      e.preventDefault();
      navigate(detailPath(row));
    } else if (e.key === 'x' && row !== undefined && selection) {
      e.preventDefault();
      selection.onToggle(rowKey(row));
    }
  };

  const checkbox = (row: T) => {
    if (!selection) return null;
    const id = rowKey(row);
    return (
      <input
        type="checkbox"
        aria-label={selection.label(id)}
        checked={selection.selected.includes(id)}
        onChange={() => selection.onToggle(id)}
      />
    );
  };

  const problem = failed && !rows && (
    <div className="list-error" role="alert">
      <p>{t('list.load_failed')}</p>
      {onRetry && (
        <button type="button" onClick={onRetry}>
          {t('list.retry')}
        </button>
      )}
    </div>
  );

  const help = keyboard && (
    <span className="keyboard-help">
      <button type="button" className="keyboard-help-button" aria-describedby={helpId}>
        <span aria-hidden="true">⌨ </span>
        {t('list.keys.title')}
      </button>
      <span role="tooltip" id={helpId} className="keyboard-help-text">
        {t('list.keys.help')}
      </span>
    </span>
  );

  if (cards) {
    const card = (r: Row<T>, index: number) => (
      <CardItem<T>
        key={rowKey(r.original)}
        row={r.original}
        columns={columns}
        title={cards.title}
        focused={index === focus}
        link={detailPath && linkFirstCell ? detailPath(r.original) : null}
        checkbox={checkbox}
      />
    );
    return (
      <div className="cards">
        {problem}
        {!rows &&
          !failed &&
          Array.from({ length: Math.min(skeletonRows, 4) }, (_, i) => (
            // The same shape as a card, so nothing moves when the rows arrive.
            <div key={i} className="card card-skeleton" data-testid="skeleton-card" aria-hidden="true">
              <div className="card-title">
                <span className="skeleton" />
              </div>
              <dl>
                {columns.map((c) => (
                  <div key={c.id} className="card-line" data-testid="skeleton-line">
                    <dt>{c.label}</dt>
                    <dd>
                      <span className="skeleton" />
                    </dd>
                  </div>
                ))}
              </dl>
            </div>
          ))}
        {rows && rows.length === 0 && <p className="empty">{empty}</p>}
        {tableRows.slice(0, FIRST_CARDS).map(card)}
        {tableRows.length > FIRST_CARDS && <DrawnAfter>{tableRows.slice(FIRST_CARDS).map((r, index) => card(r, index + FIRST_CARDS))}</DrawnAfter>}
      </div>
    );
  }

  const span = columns.length + (selection ? 1 : 0);
  return (
    <div className="table-wrap" role="region" aria-label={label} tabIndex={0} onKeyDown={onKeyDown}>
      {help}
      <table className="list-table">
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {selection && (
                <th scope="col">
                  <span className="visually-hidden">{t('list.select')}</span>
                </th>
              )}
              {group.headers.map((header) => {
                const col = columns.find((c) => c.id === header.column.id)!;
                const sorted = header.column.getIsSorted();
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                  >
                    {col.sort && onSort ? (
                      <button type="button" className="sort-button" onClick={() => onSort(col.sort!)}>
                        {flexRender(header.column.columnDef.header, header.getContext())}
                        <span aria-hidden="true" className="sort-arrow">
                          {sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ''}
                        </span>
                      </button>
                    ) : (
                      <span>{flexRender(header.column.columnDef.header, header.getContext())}</span>
                    )}
                    {col.filter}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {!rows && failed && (
            <tr>
              <td colSpan={span}>{problem}</td>
            </tr>
          )}
          {!rows &&
            !failed &&
            Array.from({ length: skeletonRows }, (_, i) => (
              <tr key={i} className="skeleton-row" data-testid="skeleton-row" aria-hidden="true">
                {Array.from({ length: span }, (_, j) => (
                  <td key={j}>
                    <span className="skeleton" />
                  </td>
                ))}
              </tr>
            ))}
          {rows && rows.length === 0 && (
            <tr>
              <td colSpan={span} className="empty">
                {empty}
              </td>
            </tr>
          )}
          {tableRows.map((r, index) => (
            <TableRow<T>
              key={rowKey(r.original)}
              row={r}
              index={index}
              focused={index === focus}
              options={{ keyboard, detailPath, linkFirstCell, selection: !!selection }}
              rowRefs={rowRefs}
              onFocus={setFocus}
              checkbox={checkbox}
              cellContent={cellContent}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

type RowOptions<T> = { keyboard?: boolean; detailPath?: (row: T) => string; linkFirstCell: boolean; selection: boolean };

/**
 * One row of the table, a component of its own: React draws a page of rows in slices with
 * the browser free in between (see lib/use-deferred-answer.ts), but it cannot divide one
 * component's drawing, so a page drawn as one component was one long task.
 */
function TableRow<T>(props: {
  row: Row<T>;
  index: number;
  focused: boolean;
  options: RowOptions<T>;
  rowRefs: RefObject<(HTMLElement | null)[]>;
  onFocus: (index: number) => void;
  checkbox: (row: T) => ReactNode;
  cellContent: (cell: Cell<T, unknown>) => ReactNode;
}) {
  const { row: r, index, focused, options, rowRefs, onFocus, checkbox, cellContent } = props;
  const { keyboard, detailPath, linkFirstCell, selection } = options;
  const navigate = useNavigate();
  const row = r.original;
  const classes = [detailPath ? 'clickable' : '', focused ? 'focused' : ''].filter(Boolean).join(' ');
  return (
    <tr
      ref={(el) => {
        rowRefs.current[index] = el;
      }}
      data-list-row=""
      tabIndex={keyboard ? (focused ? 0 : -1) : undefined}
      className={classes || undefined}
      aria-current={focused ? 'true' : undefined}
      onClick={(e) => {
        if (keyboard) onFocus(index);
        if (!detailPath || (e.target as HTMLElement).closest('a, button, input, select, label')) return;
        navigate(detailPath(row));
      }}
    >
      {selection && <td>{checkbox(row)}</td>}
      {r.getVisibleCells().map((cell, i) => (
        <td key={cell.id}>
          {i === 0 && detailPath && linkFirstCell ? (
            <Link to={detailPath(row)} tabIndex={keyboard ? -1 : undefined}>
              {cellContent(cell)}
            </Link>
          ) : (
            cellContent(cell)
          )}
        </td>
      ))}
    </tr>
  );
}

/** One card of the phone's list, a component of its own for the same reason as TableRow. */
function CardItem<T>(props: {
  row: T;
  columns: TableColumn<T>[];
  title: (row: T) => ReactNode;
  focused: boolean;
  link: string | null;
  checkbox: (row: T) => ReactNode;
}) {
  const { row, columns, title, focused, link, checkbox } = props;
  const body = (
    <>
      <div className="card-title">{title(row)}</div>
      <dl>
        {columns.map((c) => (
          <div key={c.id} className="card-line">
            <dt>{c.label}</dt>
            <dd>{c.cell(row)}</dd>
          </div>
        ))}
      </dl>
    </>
  );
  const className = focused ? 'card focused' : 'card';
  return (
    <div className="card-wrap">
      {checkbox(row)}
      {link ? (
        <Link to={link} className={className} data-testid="list-card">
          {body}
        </Link>
      ) : (
        <div className={className} data-testid="list-card">
          {body}
        </div>
      )}
    </div>
  );
}
