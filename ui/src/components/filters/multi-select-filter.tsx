import { NONE, toggleMultiSelect } from '@/lib/builder';
import { useTranslation } from '@/lib/i18n';

export { NONE };

type Props = {
  label: string;
  options: { value: string; label: string }[];
  value: string[];
  onChange: (values: string[]) => void;
  /** Offer '(none)': records without a value. */
  withNone?: boolean;
};

/** Checkboxes; '(none)' and the other choices exclude each other. */
export function MultiSelectFilter({ label, options, value, onChange, withNone = true }: Props) {
  const { t } = useTranslation('operator');
  const all = withNone ? [{ value: NONE, label: t('(none)') }, ...options] : options;
  return (
    <fieldset className="checkbox-list multi-select-filter">
      <legend>{label}</legend>
      {all.map((o) => (
        <label key={o.value}>
          <input type="checkbox" checked={value.includes(o.value)} onChange={() => onChange(toggleMultiSelect(value, o.value))} />
          {o.label}
        </label>
      ))}
    </fieldset>
  );
}
