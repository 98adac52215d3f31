import { useId } from 'react';
import { filterDecimalKeys } from '@/lib/format';
import { useLanguage } from '@/lib/i18n';

/**
 * A number field in the interface language's way: digits, its decimal separator and a
 * minus ("12,5" in nl and de, "12.5" in en); read the value with parseDecimal.
 */
export function NumberInput({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  const id = useId();
  const language = useLanguage();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} inputMode="decimal" value={value} onChange={(e) => onChange(filterDecimalKeys(e.target.value, language))} />
    </div>
  );
}
