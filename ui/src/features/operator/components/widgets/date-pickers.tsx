import { useId, type ReactNode } from 'react';
import { toApiDateTime, toInputDateTime } from '../../utils/dates';

export const DATETIME_STEP_SECONDS = 300;

type Props = { label: ReactNode; value: string | null; onChange: (v: string | null) => void; required?: boolean };

/** A date as YYYY-MM-DD. */
export function DatePicker({ label, value, onChange, required }: Props) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} type="date" required={required} value={value ?? ''} onChange={(e) => onChange(e.target.value || null)} />
    </div>
  );
}

/** A date and time in 5-minute steps, as YYYY-MM-DD HH:mm:ss. */
export function DateTimePicker({ label, value, onChange, required }: Props) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="datetime-local"
        step={DATETIME_STEP_SECONDS}
        required={required}
        value={toInputDateTime(value)}
        onChange={(e) => onChange(e.target.value ? toApiDateTime(e.target.value) : null)}
      />
    </div>
  );
}
