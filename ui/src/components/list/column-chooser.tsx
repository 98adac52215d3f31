import { useState } from 'react';
import { Modal } from '@/components/ui/modal';
import { useTranslation } from '@/lib/i18n';
import type { ListColumn } from './types';

type Props<T> = { columns: ListColumn<T>[]; hidden: string[]; onSave: (hidden: string[]) => void; onClose: () => void };

export function ColumnChooser<T>({ columns, hidden, onSave, onClose }: Props<T>) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<string[]>(hidden);
  return (
    <Modal
      title={t('list.columns.title')}
      closeLabel={t('common.close')}
      onClose={onClose}
      footer={
        <>
          <button type="button" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="button" className="primary" onClick={() => onSave(draft)}>
            {t('common.save')}
          </button>
        </>
      }
    >
      <fieldset className="checkbox-list">
        <legend>{t('list.columns.visible')}</legend>
        {columns.map((c) => (
          <label key={c.id}>
            <input
              type="checkbox"
              checked={!draft.includes(c.id)}
              onChange={(e) => setDraft((d) => (e.target.checked ? d.filter((x) => x !== c.id) : [...d, c.id]))}
            />
            {t(c.label)}
          </label>
        ))}
      </fieldset>
    </Modal>
  );
}
