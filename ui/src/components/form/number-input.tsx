import { useId } from 'react';
import { filterNumberKeys } from '@/lib/time';

/** A number field that keeps only digits, dot and minus; a typed comma becomes a dot. */
export function NumberInput({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} inputMode="decimal" value={value} onChange={(e) => onChange(filterNumberKeys(e.target.value))} />
    </div>
  );
}
