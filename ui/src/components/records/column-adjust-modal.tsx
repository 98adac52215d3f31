import { useState } from 'react';
import { Modal } from '@/components/ui/modal';
import { useTranslation } from '@/lib/i18n';
import { moveItem } from '@/components/form/setting-list';

export type ColumnLayout = { order: string[]; hidden: string[] };

type Props = {
  columns: { id: string; label: string }[];
  value: ColumnLayout;
  onSave: (layout: ColumnLayout) => void;
  onClose: () => void;
};

/** Show, hide and reorder a list's columns. */
export function ColumnAdjustModal({ columns, value, onSave, onClose }: Props) {
  const { t } = useTranslation('operator');
  const known = new Map(columns.map((c) => [c.id, c.label]));
  const initial = [...value.order.filter((c) => known.has(c)), ...columns.map((c) => c.id).filter((c) => !value.order.includes(c))];
  const [order, setOrder] = useState(initial);
  const [hidden, setHidden] = useState(value.hidden);
  return (
    <Modal
      title={t('Adjust columns')}
      closeLabel={t('Close')}
      onClose={onClose}
      footer={
        <>
          <button type="button" onClick={onClose}>
            {t('Cancel')}
          </button>
          <button type="button" className="primary" onClick={() => onSave({ order, hidden })}>
            {t('Save')}
          </button>
        </>
      }
    >
      <ol className="column-adjust">
        {order.map((col, i) => (
          <li key={col}>
            <label>
              <input
                type="checkbox"
                checked={!hidden.includes(col)}
                onChange={(e) => setHidden((h) => (e.target.checked ? h.filter((x) => x !== col) : [...h, col]))}
              />
              {known.get(col)}
            </label>{' '}
            <button type="button" aria-label={`${t('Move up')} ${known.get(col)}`} disabled={i === 0} onClick={() => setOrder((o) => moveItem(o, i, i - 1))}>
              ↑
            </button>
            <button
              type="button"
              aria-label={`${t('Move down')} ${known.get(col)}`}
              disabled={i === order.length - 1}
              onClick={() => setOrder((o) => moveItem(o, i, i + 1))}
            >
              ↓
            </button>
          </li>
        ))}
      </ol>
    </Modal>
  );
}
