import { useId } from 'react';
import { schedulePresets } from './presets';
import type { SchedulePreset } from './filter-builders';
import { useTranslation } from '@/lib/i18n';

/** Scheduled (or executed) relative to today: today, future, tomorrow... past. */
export function ScheduleFilter({ label, value, onChange }: { label: string; value: SchedulePreset | ''; onChange: (v: SchedulePreset | '') => void }) {
  const { t } = useTranslation('operator');
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as SchedulePreset | '')}>
        <option value="">{t('Any')}</option>
        {schedulePresets.map((p) => (
          <option key={p.value} value={p.value}>
            {t(p.label)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The SLA filter: only records whose SLA needs action now. */
export function SlaFilter({ value, onChange }: { value: boolean; onChange: (v: boolean) => void }) {
  const { t } = useTranslation('operator');
  return (
    <label className="sla-filter">
      <input type="checkbox" checked={value} onChange={(e) => onChange(e.target.checked)} /> {t('Action required')}
    </label>
  );
}

/** Any, yes (1) or no (0). */
export function YesNoFilter({ label, value, onChange }: { label: string; value: '' | '0' | '1'; onChange: (v: '' | '0' | '1') => void }) {
  const { t } = useTranslation('operator');
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as '' | '0' | '1')}>
        <option value="">{t('Any')}</option>
        <option value="1">{t('Yes')}</option>
        <option value="0">{t('No')}</option>
      </select>
    </div>
  );
}
