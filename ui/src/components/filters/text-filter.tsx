import { useEffect, useId, useRef, useState } from 'react';

export const TEXT_FILTER_DEBOUNCE_MS = 250;

/** A free-text filter that reports 250 ms after the last key. */
export function TextFilter({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  const id = useId();
  const [text, setText] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => setText(value), [value]);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="search"
        value={text}
        onChange={(e) => {
          const next = e.target.value;
          setText(next);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => onChange(next), TEXT_FILTER_DEBOUNCE_MS);
        }}
      />
    </div>
  );
}
