import { useEffect, useId, useState } from 'react';
import { Modal } from '@/components/ui/modal';
import { toast } from '@/lib/toast';
import { createTablePreset, deleteTablePreset, getTablePresets, renameTablePreset, type TablePreset } from '@/components/records/api/table-presets';
import { useTranslation } from '@/lib/i18n';
import { useConfirm } from '@/components/form/confirm-dialog';

export type TableViewState = { columns: unknown; order: unknown; filter: unknown; pagination: unknown };

type Props = {
  /** The list's model key (tickets, quotes...). */
  type: string;
  current: TableViewState;
  onApply: (preset: TablePreset) => void;
  onClose: () => void;
};

/** The saved views of one list: apply, rename, delete, or save the current view. */
export function TableViewsModal({ type, current, onApply, onClose }: Props) {
  const { t } = useTranslation('operator');
  const id = useId();
  const [presets, setPresets] = useState<TablePreset[] | null>(null);
  const [label, setLabel] = useState('');
  const [dialog, confirm] = useConfirm();

  useEffect(() => {
    getTablePresets(type)
      .then(setPresets)
      .catch(() => setPresets([]));
  }, [type]);

  const save = async () => {
    if (!label.trim()) return;
    const created = await createTablePreset({
      label: label.trim(),
      type,
      styling: null,
      columns_config: JSON.stringify(current.columns),
      order_config: JSON.stringify(current.order),
      filter_config: JSON.stringify(current.filter),
      pagination_config: JSON.stringify(current.pagination),
    });
    setPresets((p) => [...(p ?? []), created]);
    setLabel('');
  };

  const rename = async (preset: TablePreset, next: string) => {
    if (!next.trim() || next === preset.label) return;
    await renameTablePreset(preset.id, next.trim());
    setPresets((p) => (p ?? []).map((x) => (x.id === preset.id ? { ...x, label: next.trim() } : x)));
    toast.success(t('Item updated.'));
  };

  const remove = async (preset: TablePreset) => {
    try {
      await confirm();
    } catch {
      return;
    }
    await deleteTablePreset(preset.id);
    setPresets((p) => (p ?? []).filter((x) => x.id !== preset.id));
    toast.success(t('Item deleted.'));
  };

  return (
    <Modal title={t('Tabelweergaven')} closeLabel={t('Close')} onClose={onClose}>
      {presets === null ? (
        <p role="status">{t('Loading…')}</p>
      ) : (
        <ul className="table-views">
          {presets.map((p) => (
            <li key={p.id}>
              <input aria-label={t('Name of {name}', { name: p.label })} defaultValue={p.label} onBlur={(e) => void rename(p, e.target.value)} />{' '}
              <button type="button" onClick={() => onApply(p)}>
                {t('Apply {name}', { name: p.label })}
              </button>{' '}
              <button type="button" aria-label={`${t('Delete')} ${p.label}`} onClick={() => void remove(p)}>
                {t('Delete')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <label htmlFor={`${id}-label`}>{t('Save current view as')}</label> <input id={`${id}-label`} value={label} onChange={(e) => setLabel(e.target.value)} />{' '}
        <button type="submit">{t('Save')}</button>
      </form>
      {dialog}
    </Modal>
  );
}
