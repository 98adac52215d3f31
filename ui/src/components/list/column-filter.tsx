import { useEffect, useId, useRef, useState } from 'react';
import {
  DATE_PRESETS,
  NONE,
  isEmptyFilter,
  toggleMultiSelect,
  type DateRange,
  type DatePreset,
  type FilterDef,
  type FilterValue,
} from '@/lib/builder';
import { dutchDateToIso, filterDecimalKeys, formatDecimalInput, parseDecimal } from '@/lib/format';
import { useTranslation, type MessageKey } from '@/lib/i18n';

export const TEXT_FILTER_DEBOUNCE_MS = 250;
/** Relation filters search the related records: they start at two letters. */
export const MIN_SEARCH_LENGTH = 2;

type Props = { def: FilterDef; column: string; value: FilterValue | undefined; onChange: (v: FilterValue | undefined) => void };

const presetKey = (p: DatePreset) => `filter.date.${p}` as MessageKey;

function TextFilter({
  label,
  value,
  onChange,
  minLength = 0,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  minLength?: number;
}) {
  const { t } = useTranslation();
  const hintId = useId();
  const [text, setText] = useState(value);
  const remaining = minLength - text.trim().length;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const sent = useRef(value);
  // Follow outside changes (reset, presets) but not the echo of what was typed here.
  useEffect(() => {
    if (value !== sent.current) setText(value);
    sent.current = value;
  }, [value]);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <>
      <label className="field">
        <span>{label}</span>
        <input
          type="text"
          value={text}
          onChange={(e) => {
            const next = e.target.value;
            setText(next);
            clearTimeout(timer.current);
            const short = next.trim().length > 0 && next.trim().length < minLength;
            timer.current = setTimeout(() => {
              sent.current = short ? '' : next;
              onChange(sent.current);
            }, TEXT_FILTER_DEBOUNCE_MS);
          }}
          aria-describedby={minLength ? hintId : undefined}
        />
      </label>
      {minLength > 0 && (
        <p id={hintId} className="hint">
          {remaining > 0 ? t('filter.letters_to_go', { count: remaining }) : t('filter.type_to_search')}
        </p>
      )}
    </>
  );
}

/**
 * An upper bound typed through SPEC §5's number-key filter (digits, a dot and a minus; a
 * typed comma becomes a dot, in every language): the box keeps what passed the filter,
 * the filter gets the number itself ("12.5"), or nothing while the text is no number.
 */
function NumberFilter({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation();
  const errorId = useId();
  const [text, setText] = useState(() => formatDecimalInput(value));
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const sent = useRef(value);
  useEffect(() => {
    if (value !== sent.current) setText(formatDecimalInput(value));
    sent.current = value;
  }, [value]);
  useEffect(() => () => clearTimeout(timer.current), []);
  const invalid = text.trim() !== '' && parseDecimal(text) === null;
  return (
    <>
      <label className="field">
        <span>{label}</span>
        <input
          type="text"
          inputMode="decimal"
          value={text}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? errorId : undefined}
          onChange={(e) => {
            // SPEC §5: digits, a dot and a minus; a comma becomes a dot.
            const next = filterDecimalKeys(e.target.value);
            setText(next);
            clearTimeout(timer.current);
            timer.current = setTimeout(() => {
              const n = parseDecimal(next);
              sent.current = n === null ? '' : String(n);
              onChange(sent.current);
            }, TEXT_FILTER_DEBOUNCE_MS);
          }}
        />
      </label>
      {invalid && (
        <p id={errorId} className="field-error">
          {t('filter.number.invalid', { example: formatDecimalInput(12.5) })}
        </p>
      )}
    </>
  );
}

function DateFilter({ value, onChange }: { value: DateRange; onChange: (v: DateRange) => void }) {
  const { t } = useTranslation();
  const [from, setFrom] = useState(value.from ?? '');
  const [to, setTo] = useState(value.to ?? '');
  const invalid = (v: string) => v !== '' && dutchDateToIso(v) === null;
  const commit = (f: string, tt: string) => {
    if (!invalid(f) && !invalid(tt)) onChange({ from: f || undefined, to: tt || undefined });
  };
  return (
    <div className="date-filter">
      <label className="field">
        <span>{t('filter.date.preset')}</span>
        <select
          value={value.preset ?? ''}
          onChange={(e) => onChange(e.target.value ? { preset: e.target.value as DatePreset } : {})}
        >
          <option value="">{t('filter.all')}</option>
          {DATE_PRESETS.map((p) => (
            <option key={p} value={p}>
              {t(presetKey(p))}
            </option>
          ))}
        </select>
      </label>
      <label className="field">
        <span>{t('filter.date.from')}</span>
        <input
          type="text"
          placeholder="dd-mm-yyyy"
          value={from}
          aria-invalid={invalid(from)}
          onChange={(e) => {
            setFrom(e.target.value);
            commit(e.target.value, to);
          }}
        />
      </label>
      <label className="field">
        <span>{t('filter.date.to')}</span>
        <input
          type="text"
          placeholder="dd-mm-yyyy"
          value={to}
          aria-invalid={invalid(to)}
          onChange={(e) => {
            setTo(e.target.value);
            commit(from, e.target.value);
          }}
        />
      </label>
      {(invalid(from) || invalid(to)) && <p className="field-error">{t('filter.date.invalid')}</p>}
    </div>
  );
}

function Editor({ def, column, value, onChange }: Props) {
  const { t } = useTranslation();
  switch (def.type) {
    case 'string':
    case 'custom_field':
      return <TextFilter label={t('filter.contains', { column })} value={(value as string) ?? ''} onChange={onChange} />;
    case 'relation':
      return (
        <TextFilter
          label={t('filter.contains', { column })}
          value={(value as string) ?? ''}
          onChange={onChange}
          minLength={MIN_SEARCH_LENGTH}
        />
      );
    case 'lte':
      return <NumberFilter label={t('filter.at_most', { column })} value={(value as string) ?? ''} onChange={onChange} />;
    case 'select':
    case 'line_type':
    case 'morph_to':
    case 'boolean': {
      const options =
        def.type === 'boolean'
          ? [
              { value: '1', label: t('common.yes') },
              { value: '0', label: t('common.no') },
            ]
          : def.options;
      return (
        <label className="field">
          <span>{column}</span>
          <select value={(value as string) ?? ''} onChange={(e) => onChange(e.target.value)}>
            <option value="">{t('filter.all')}</option>
            {options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </label>
      );
    }
    case 'multi_select': {
      const current = (value as string[]) ?? [];
      const options = def.none ? [{ value: NONE, label: t('filter.none') }, ...def.options] : def.options;
      return (
        <fieldset className="checkbox-list">
          <legend>{column}</legend>
          {options.map((o) => (
            <label key={o.value}>
              <input
                type="checkbox"
                checked={current.includes(o.value)}
                onChange={() => onChange(toggleMultiSelect(current, o.value))}
              />
              {o.label}
            </label>
          ))}
        </fieldset>
      );
    }
    case 'date_between':
      return <DateFilter value={(value as DateRange) ?? {}} onChange={onChange} />;
    case 'scheduled_at':
    case 'executed_at':
      return (
        <label className="field">
          <span>{column}</span>
          <select value={(value as string) ?? ''} onChange={(e) => onChange(e.target.value)}>
            <option value="">{t('filter.all')}</option>
            {DATE_PRESETS.map((p) => (
              <option key={p} value={p}>
                {t(presetKey(p))}
              </option>
            ))}
          </select>
        </label>
      );
    case 'sla_remaining':
      return (
        <label className="checkbox">
          <input type="checkbox" checked={value === true} onChange={(e) => onChange(e.target.checked)} />
          {t('filter.action_required')}
        </label>
      );
  }
}

/** The filter button in a column header and the panel it opens. */
export function ColumnFilter(props: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const active = !isEmptyFilter(props.value);
  useEffect(() => {
    if (open) panel.current?.querySelector<HTMLElement>('input, select')?.focus();
  }, [open]);
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  return (
    <span className="column-filter">
      <button
        ref={button}
        type="button"
        className={active ? 'icon-button filter-active' : 'icon-button'}
        aria-label={t('filter.column', { column: props.column })}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
          <path d="M0 1h12L7 6.5V11L5 10V6.5z" fill="currentColor" />
        </svg>
      </button>
      {open && (
        <div
          ref={panel}
          id={panelId}
          className="filter-panel"
          role="group"
          aria-label={t('filter.column', { column: props.column })}
          onKeyDown={(e) => e.key === 'Escape' && close()}
        >
          <Editor {...props} />
          <div className="filter-panel-actions">
            <button type="button" onClick={() => props.onChange(undefined)} disabled={!active}>
              {t('filter.clear')}
            </button>
            <button type="button" onClick={close}>
              {t('common.close')}
            </button>
          </div>
        </div>
      )}
    </span>
  );
}
