import { useEffect, useId, useRef, useState } from 'react';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { searchLookup, type LookupConstraints } from '@/components/filters/api/search-records';
import { fixedT, useTranslation, type Translate } from '@/lib/i18n';

export const MIN_SEARCH_LENGTH = 2;
export const SEARCH_DEBOUNCE_MS = 300;

/** A picked record: its id and label, and the row the search answered (when it came from one). */
export type SearchOption = { id: number | string; label: string; row?: Record<string, unknown> };

export type SearchRow = { id: number | string; name?: string | null; full_name?: string | null; label?: string | null; description?: string | null; reference?: string | null; [field: string]: unknown };
type Row = SearchRow;
const defaultLabel = (r: Row) => r.full_name ?? r.name ?? r.label ?? r.description ?? r.reference ?? String(r.id);

/** What the hint says before a search runs. */
export function searchHint(text: string, min = MIN_SEARCH_LENGTH, t: Translate<'operator'> = fixedT('en', 'operator')): string | null {
  const length = text.trim().length;
  if (length === 0) return t('type to search');
  const remaining = min - length;
  if (remaining === 1) return t('type 1 more letter');
  if (remaining > 1) return t('type {n} more letters', { n: remaining });
  return null;
}

type Props = {
  label: string;
  /** The lookup to search: companies, clients, contracts, locations, ticket-groups... */
  lookup: string;
  value: SearchOption | null;
  onChange: (value: SearchOption | null) => void;
  constraints?: LookupConstraints;
  minSearchLength?: number;
  optionLabel?: (row: Row) => string;
  /** Another search than GET /lookups/{lookup} (for example the product search). */
  search?: (text: string, signal: AbortSignal) => Promise<Row[]>;
};

/** Looks records up by text once at least two characters are typed, 300 ms after the last key. */
export function SearchSelect({ label, lookup, value, onChange, constraints, minSearchLength = MIN_SEARCH_LENGTH, optionLabel = defaultLabel, search }: Props) {
  const { t } = useTranslation('operator');
  const id = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [options, setOptions] = useState<SearchOption[]>([]);
  const [loading, setLoading] = useState(false);
  const [active, setActive] = useState(0);
  const query = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const hint = searchHint(text, minSearchLength, t);
  const constraintKey = JSON.stringify(constraints ?? {});
  const searchRef = useRef(search);
  searchRef.current = search;

  useEffect(() => {
    if (query.length < minSearchLength) {
      setOptions([]);
      return;
    }
    const controller = new AbortController();
    setLoading(true);
    (searchRef.current ? searchRef.current(query, controller.signal) : searchLookup<Row>(lookup, query, JSON.parse(constraintKey) as LookupConstraints, controller.signal))
      .then((rows) => {
        setOptions(rows.map((r) => ({ id: r.id, label: optionLabel(r), row: r })));
        setActive(0);
      })
      .catch(() => setOptions([]))
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
    // optionLabel is a render-time function; the query and constraints decide a search.
  }, [query, lookup, constraintKey, minSearchLength]);

  const pick = (option: SearchOption) => {
    onChange(option);
    setText('');
    setOpen(false);
  };

  return (
    <div className="search-select field">
      <label htmlFor={id}>{label}</label>
      {value && (
        <div className="search-select-value">
          <span>{value.label}</span>{' '}
          <button type="button" className="icon-button" aria-label={`${t('Delete')} ${value.label}`} onClick={() => onChange(null)}>
            ×
          </button>
        </div>
      )}
      <input
        id={id}
        role="combobox"
        aria-expanded={open && options.length > 0}
        aria-controls={`${id}-list`}
        aria-describedby={`${id}-hint`}
        aria-autocomplete="list"
        autoComplete="off"
        value={text}
        onFocus={() => setOpen(true)}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') setActive((a) => Math.min(a + 1, options.length - 1));
          else if (e.key === 'ArrowUp') setActive((a) => Math.max(a - 1, 0));
          else if (e.key === 'Enter' && options[active]) {
            e.preventDefault();
            pick(options[active]);
          } else if (e.key === 'Escape') setOpen(false);
        }}
      />
      <div id={`${id}-hint`} className="muted search-hint" aria-live="polite">
        {hint ?? (loading ? t('Searching…') : query.length >= minSearchLength && options.length === 0 ? t('No results') : '')}
      </div>
      {open && options.length > 0 && (
        <ul id={`${id}-list`} role="listbox" aria-label={label} className="search-options">
          {options.map((o, i) => (
            <li
              key={o.id}
              role="option"
              aria-selected={i === active}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => pick(o)}
            >
              {o.label}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
