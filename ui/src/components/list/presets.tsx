import { useState } from 'react';
import { Modal } from '@/components/ui/modal';
import { useTranslation } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import type { Id, TablePreset } from '@/types/models';
import { useCreatePreset, usePresetCounts, usePresets, type NewPreset } from './api/presets';

export function usePresetData(route: string, enabled: boolean) {
  const presets = usePresets(route, enabled);
  const counts = usePresetCounts(route, enabled);
  const countOf = (id: Id) => counts.data?.find((c) => c.id === id)?.count ?? undefined;
  return { presets: presets.data ?? [], countOf };
}

type ListProps = {
  presets: TablePreset[];
  countOf: (id: Id) => number | undefined;
  activeId: Id | null;
  onApply: (p: TablePreset) => void;
};

export function PresetList({ presets, countOf, activeId, onApply }: ListProps) {
  const { t } = useTranslation();
  if (presets.length === 0) return null;
  return (
    <ul className="preset-list" aria-label={t('list.presets')}>
      {presets.map((p) => {
        const count = countOf(p.id);
        return (
          <li key={p.id}>
            <button type="button" aria-pressed={p.id === activeId} className="preset" onClick={() => onApply(p)}>
              {p.label}
              {count !== undefined && <span className="count">{count}</span>}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** The mobile Filter dropdown: presets with counts, and the filter now in force. */
export function MobileFilterMenu({ presets, countOf, activeId, onApply, activeName }: ListProps & { activeName: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <div className="mobile-filter" onKeyDown={(e) => e.key === 'Escape' && setOpen(false)}>
      <button type="button" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        {t('list.filter')}
      </button>
      <span className="active-filter">{activeName}</span>
      {open && (
        <ul className="dropdown" aria-label={t('list.presets')}>
          {presets.length === 0 && <li className="muted">{t('list.no_presets')}</li>}
          {presets.map((p) => (
            <li key={p.id}>
              <button
                type="button"
                aria-pressed={p.id === activeId}
                onClick={() => {
                  onApply(p);
                  setOpen(false);
                }}
              >
                {p.label} <span className="count">{countOf(p.id) ?? ''}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function CreatePresetButton({ route, build }: { route: string; build: (label: string) => NewPreset }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [label, setLabel] = useState('');
  const create = useCreatePreset(route);
  const submit = () => {
    if (!label.trim()) return;
    create.mutate(build(label.trim()), {
      onSuccess: () => {
        toast.success(t('list.preset_saved'));
        setOpen(false);
        setLabel('');
      },
    });
  };
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        {t('list.create_preset')}
      </button>
      {open && (
        <Modal
          title={t('list.create_preset')}
          closeLabel={t('common.close')}
          onClose={() => setOpen(false)}
          footer={
            <>
              <button type="button" onClick={() => setOpen(false)}>
                {t('common.cancel')}
              </button>
              <button type="button" className="primary" disabled={!label.trim() || create.isPending} onClick={submit}>
                {t('common.save')}
              </button>
            </>
          }
        >
          <form
            onSubmit={(e) => {
              e.preventDefault();
              submit();
            }}
          >
            <label className="field">
              <span>{t('list.preset_name')}</span>
              <input type="text" value={label} onChange={(e) => setLabel(e.target.value)} />
            </label>
          </form>
        </Modal>
      )}
    </>
  );
}
