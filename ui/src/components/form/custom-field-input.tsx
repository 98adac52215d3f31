import { useId } from 'react';
import type { NamedCustomField } from '@/types/models';
import { DatePicker } from './date-pickers';

export function RequiredMark() {
  return (
    <span className="required" style={{ color: 'red' }} aria-hidden="true">
      {' '}
      *
    </span>
  );
}

type Props = { field: NamedCustomField; value: string | null; onChange: (v: string | null) => void };

/** One custom field: 0 text, 1 select (options name/label), 2 date. */
export function CustomFieldInput({ field, value, onChange }: Props) {
  const id = useId();
  const label = (
    <>
      {field.title}
      {field.required ? <RequiredMark /> : null}
    </>
  );
  if (field.type === 2) return <DatePicker label={label} value={value} onChange={onChange} required={field.required} />;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {field.type === 1 ? (
        <select id={id} required={field.required} value={value ?? ''} onChange={(e) => onChange(e.target.value || null)}>
          <option value="">—</option>
          {(field.options ?? []).map((o) => (
            <option key={o.name} value={o.name}>
              {o.label}
            </option>
          ))}
        </select>
      ) : (
        <input id={id} required={field.required} value={value ?? ''} onChange={(e) => onChange(e.target.value || null)} />
      )}
    </div>
  );
}

/** Custom fields in their order, the values keyed by field name. */
export function CustomFields({ fields, values, onChange }: { fields: NamedCustomField[]; values: Record<string, string | null>; onChange: (name: string, v: string | null) => void }) {
  const sorted = [...fields].sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
  return (
    <>
      {sorted.map((f) => (
        <CustomFieldInput key={f.name} field={f} value={values[f.name] ?? null} onChange={(v) => onChange(f.name, v)} />
      ))}
    </>
  );
}
