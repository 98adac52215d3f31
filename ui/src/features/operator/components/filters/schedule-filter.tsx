import { useId } from 'react';
import { schedulePresets, texts } from '../../texts';
import type { SchedulePreset } from './filter-builders';

/** Scheduled (or executed) relative to today: today, future, tomorrow... past. */
export function ScheduleFilter({ label, value, onChange }: { label: string; value: SchedulePreset | ''; onChange: (v: SchedulePreset | '') => void }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as SchedulePreset | '')}>
        <option value="">{texts.any}</option>
        {schedulePresets.map((p) => (
          <option key={p.value} value={p.value}>
            {p.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The SLA filter: only records whose SLA needs action now. */
export function SlaFilter({ value, onChange }: { value: boolean; onChange: (v: boolean) => void }) {
  return (
    <label className="sla-filter">
      <input type="checkbox" checked={value} onChange={(e) => onChange(e.target.checked)} /> {texts.actionRequired}
    </label>
  );
}

/** Any, yes (1) or no (0). */
export function YesNoFilter({ label, value, onChange }: { label: string; value: '' | '0' | '1'; onChange: (v: '' | '0' | '1') => void }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as '' | '0' | '1')}>
        <option value="">{texts.any}</option>
        <option value="1">{texts.yes}</option>
        <option value="0">{texts.no}</option>
      </select>
    </div>
  );
}
