import { useId } from 'react';
import { filterDecimalKeys } from '@/lib/format';

/**
 * A number field with SPEC §5's number-key filter: digits, a dot and a minus, a typed
 * comma becoming a dot ("12,5" reads "12.5"), in every interface language; read the
 * value with parseDecimal.
 */
export function NumberInput({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} inputMode="decimal" value={value} onChange={(e) => onChange(filterDecimalKeys(e.target.value))} />
    </div>
  );
}
