import { useEffect, useId, useState } from 'react';
import { toast } from '@/lib/toast';
import { listRecords, createRecord, deleteRecord, updateOrder, updateRecord, type OrderedRoute } from '@/components/records/api/resources';
import type { SettingItem } from '@/types/operator';
import { useTranslation } from '@/lib/i18n';
import { Badge } from '@/components/display/badges';
import { useConfirm } from './confirm-dialog';

/** Moves one item of a list to another index. */
export function moveItem<T>(items: T[], from: number, to: number): T[] {
  const out = [...items];
  const [item] = out.splice(from, 1);
  out.splice(to, 0, item);
  return out;
}

/** Exactly one default: the chosen item. */
export function withDefault(items: SettingItem[], id: number | string): SettingItem[] {
  return items.map((i) => ({ ...i, is_default: i.id === id }));
}

const ORDERED = { orderBy: [['order', 'asc']], paginate: 100 };

/**
 * A setting list (priorities, categories, activities...): drag or the move buttons to
 * reorder, one default, add and delete.
 */
export function SettingList({ route, title }: { route: OrderedRoute; title: string }) {
  const { t } = useTranslation('operator');
  const id = useId();
  const [items, setItems] = useState<SettingItem[] | null>(null);
  const [dragging, setDragging] = useState<number | null>(null);
  const [label, setLabel] = useState('');
  const [dialog, confirm] = useConfirm();
  const [editing, setEditing] = useState<{ id: SettingItem['id']; label: string } | null>(null);

  useEffect(() => {
    let live = true;
    listRecords<SettingItem>(route, ORDERED)
      .then((r) => live && setItems(r.data))
      .catch(() => live && setItems([]));
    return () => {
      live = false;
    };
  }, [route]);

  if (items === null) return <p role="status">{t('Loading…')}</p>;

  const reorder = (from: number, to: number) => {
    if (from === to || to < 0 || to >= items.length) return;
    const moved = items[from];
    setItems(moveItem(items, from, to));
    void updateOrder(route, moved.id, to + 1).catch(() => setItems(items));
  };

  const makeDefault = async (item: SettingItem) => {
    const before = items;
    setItems(withDefault(items, item.id));
    try {
      await updateRecord(route, item.id, { is_default: 1 });
      toast.success(t('Item updated.'));
    } catch {
      setItems(before);
    }
  };

  /** Saves a changed label; an unchanged or empty one just closes the editor. */
  const rename = async () => {
    if (!editing) return;
    const item = items.find((i) => i.id === editing.id);
    const next = editing.label.trim();
    if (!item || !next || next === item.label) {
      setEditing(null);
      return;
    }
    try {
      await updateRecord(route, item.id, { label: next });
      setItems((list) => (list ?? []).map((i) => (i.id === item.id ? { ...i, label: next } : i)));
      setEditing(null);
      toast.success(t('Item updated.'));
    } catch {
      // The API client already showed the server's message; the typed label stays.
    }
  };

  const remove = async (item: SettingItem) => {
    try {
      await confirm();
    } catch {
      return;
    }
    await deleteRecord(route, item.id);
    setItems((list) => (list ?? []).filter((i) => i.id !== item.id));
    toast.success(t('Item deleted.'));
  };

  return (
    <section className="setting-list" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      <ol className="setting-items">
        {items.map((item, index) => (
          <li
            key={item.id}
            draggable
            data-testid={`setting-${item.id}`}
            className={dragging === index ? 'dragging' : undefined}
            onDragStart={(e) => {
              setDragging(index);
              e.dataTransfer?.setData('text/plain', String(index));
            }}
            onDragOver={(e) => e.preventDefault()}
            onDrop={(e) => {
              e.preventDefault();
              if (dragging !== null) reorder(dragging, index);
              setDragging(null);
            }}
            onDragEnd={() => setDragging(null)}
          >
            <span className="drag-handle" aria-hidden="true">
              ⋮⋮
            </span>{' '}
            {editing?.id === item.id ? (
              <form
                className="setting-rename"
                aria-label={t('Rename {name}', { name: item.label })}
                onSubmit={(e) => {
                  e.preventDefault();
                  void rename();
                }}
              >
                <input
                  aria-label={t('Label of {name}', { name: item.label })}
                  value={editing.label}
                  autoFocus
                  onChange={(e) => setEditing({ id: item.id, label: e.target.value })}
                  onKeyDown={(e) => {
                    if (e.key === 'Escape') setEditing(null);
                  }}
                />{' '}
                <button type="submit">{t('Save')}</button>{' '}
                <button type="button" onClick={() => setEditing(null)}>
                  {t('Cancel')}
                </button>
              </form>
            ) : (
              <span>{item.label}</span>
            )}{' '}
            {item.is_default ? <Badge label={t('Default')} styleName="ok" /> : null}
            <span className="setting-actions">
              <button type="button" aria-label={`${t('Move up')} ${item.label}`} disabled={index === 0} onClick={() => reorder(index, index - 1)}>
                ↑
              </button>
              <button
                type="button"
                aria-label={`${t('Move down')} ${item.label}`}
                disabled={index === items.length - 1}
                onClick={() => reorder(index, index + 1)}
              >
                ↓
              </button>
              <button type="button" aria-pressed={Boolean(item.is_default)} aria-label={`${t('Set as default')} ${item.label}`} onClick={() => void makeDefault(item)}>
                {t('Set as default')}
              </button>
              <button type="button" aria-label={t('Rename {name}', { name: item.label })} onClick={() => setEditing({ id: item.id, label: item.label })}>
                {t('Rename')}
              </button>
              <button type="button" aria-label={`${t('Delete')} ${item.label}`} onClick={() => void remove(item)}>
                {t('Delete')}
              </button>
            </span>
          </li>
        ))}
      </ol>
      <form
        className="setting-add"
        onSubmit={async (e) => {
          e.preventDefault();
          if (!label.trim()) return;
          const created = await createRecord<SettingItem>(route, { label: label.trim(), order: items.length + 1 });
          setItems((list) => [...(list ?? []), created]);
          setLabel('');
        }}
      >
        <label htmlFor={`${id}-new`}>{t('New item')}</label> <input id={`${id}-new`} value={label} onChange={(e) => setLabel(e.target.value)} />{' '}
        <button type="submit">{t('Add')}</button>
      </form>
      {dialog}
    </section>
  );
}
