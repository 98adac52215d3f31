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
import { dutchDateToIso } from '@/lib/format';
import { useI18n, type MessageKey } from '@/lib/i18n';

export const TEXT_FILTER_DEBOUNCE_MS = 250;

type Props = { def: FilterDef; column: string; value: FilterValue | undefined; onChange: (v: FilterValue | undefined) => void };

const presetKey = (p: DatePreset) => `filter.date.${p}` as MessageKey;

function TextFilter({ label, value, onChange, numeric }: { label: string; value: string; onChange: (v: string) => void; numeric?: boolean }) {
  const [text, setText] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => setText(value), [value]);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <label className="field">
      <span>{label}</span>
      <input
        type="text"
        inputMode={numeric ? 'decimal' : undefined}
        value={text}
        onChange={(e) => {
          // Numbers accept digits, dot and minus; a comma becomes a dot.
          const next = numeric ? e.target.value.replace(/,/g, '.').replace(/[^0-9.-]/g, '') : e.target.value;
          setText(next);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => onChange(next), TEXT_FILTER_DEBOUNCE_MS);
        }}
      />
    </label>
  );
}

function DateFilter({ value, onChange }: { value: DateRange; onChange: (v: DateRange) => void }) {
  const { t } = useI18n();
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
  const { t } = useI18n();
  switch (def.type) {
    case 'string':
    case 'relation':
    case 'custom_field':
      return <TextFilter label={t('filter.contains', { column })} value={(value as string) ?? ''} onChange={onChange} />;
    case 'lte':
      return <TextFilter numeric label={t('filter.at_most', { column })} value={(value as string) ?? ''} onChange={onChange} />;
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
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const active = !isEmptyFilter(props.value);
  return (
    <span className="column-filter">
      <button
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
          id={panelId}
          className="filter-panel"
          role="group"
          aria-label={t('filter.column', { column: props.column })}
          onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}
        >
          <Editor {...props} />
          <div className="filter-panel-actions">
            <button type="button" onClick={() => props.onChange(undefined)} disabled={!active}>
              {t('filter.clear')}
            </button>
            <button type="button" onClick={() => setOpen(false)}>
              {t('common.close')}
            </button>
          </div>
        </div>
      )}
    </span>
  );
}
