import { useEffect, useId, useState } from 'react';
import { minutesToHhmm, parseTimeInput } from '@/lib/time';
import { useTranslation } from '@/lib/i18n';

type Props = { label: string; value: number | null; onChange: (minutes: number | null) => void; required?: boolean };

/** Takes hh:mm or a number of minutes; on blur it reports minutes and shows hh:mm. */
export function TimeInput({ label, value, onChange, required }: Props) {
  const { t } = useTranslation('operator');
  const id = useId();
  const [text, setText] = useState(value === null ? '' : minutesToHhmm(value));
  const [invalid, setInvalid] = useState(false);
  useEffect(() => {
    if (value !== null) setText(minutesToHhmm(value));
  }, [value]);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        inputMode="numeric"
        placeholder={t('hh:mm')}
        value={text}
        required={required}
        aria-invalid={invalid}
        onChange={(e) => setText(e.target.value)}
        onBlur={() => {
          if (text.trim() === '') {
            setInvalid(false);
            onChange(null);
            return;
          }
          const minutes = parseTimeInput(text);
          setInvalid(minutes === null);
          if (minutes === null) return;
          setText(minutesToHhmm(minutes));
          onChange(minutes);
        }}
      />
    </div>
  );
}
