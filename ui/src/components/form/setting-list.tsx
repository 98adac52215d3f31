import { useEffect, useId, useState } from 'react';
import { useForm, type UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { listRecords, createRecord, deleteRecord, updateOrder, updateRecord, type OrderedRoute } from '@/components/records/api/resources';
import type { SettingItem } from '@/types/operator';
import { useTranslation, type Translate } from '@/lib/i18n';
import { Badge } from '@/components/display/badges';
import { useConfirm } from './confirm-dialog';
import { errorsByField, fieldErrorText } from './field-error';

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

type LabelValues = { label: string };

/** A label must hold more than spaces. */
const labelRule = (t: Translate<'operator'>) => ({
  validate: (v: string) => v.trim() !== '' || t('{field} is required', { field: t('Label') }),
});

/** A 422 about the label goes under the field, in the interface language. */
function labelErrorFrom(error: unknown, setError: UseFormSetError<LabelValues>, t: Translate<'operator'>) {
  if (!(error instanceof ApiError) || error.status !== 422) return;
  const message = errorsByField(error.body?.errors).label;
  if (message !== undefined) setError('label', { type: 'server', message: fieldErrorText(t, t('Label'), message) });
}

/** An item's label in place, on react-hook-form: saves a change, closes when none. */
function RenameForm({ item, onRename, onClose }: { item: SettingItem; onRename: (label: string) => Promise<void>; onClose: () => void }) {
  const { t } = useTranslation('operator');
  const errorId = useId();
  const { register, handleSubmit, setError, formState } = useForm<LabelValues>({ defaultValues: { label: item.label } });
  const error = formState.errors.label?.message;
  const submit = handleSubmit(async ({ label }) => {
    const next = label.trim();
    if (next === item.label) return onClose();
    try {
      await onRename(next);
    } catch (failure) {
      // The API client already showed the server's message; the typed label stays.
      labelErrorFrom(failure, setError, t);
    }
  });
  return (
    <form className="setting-rename" aria-label={t('Rename {name}', { name: item.label })} noValidate onSubmit={(e) => void submit(e)}>
      <input
        aria-label={t('Label of {name}', { name: item.label })}
        autoFocus
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...register('label', labelRule(t))}
        onKeyDown={(e) => {
          if (e.key === 'Escape') onClose();
        }}
      />{' '}
      <button type="submit" disabled={formState.isSubmitting}>
        {t('Save')}
      </button>{' '}
      <button type="button" onClick={onClose}>
        {t('Cancel')}
      </button>
      {error && (
        <p role="alert" id={errorId} className="field-error">
          {error}
        </p>
      )}
    </form>
  );
}

/** A new item at the end of the list, on react-hook-form. */
function AddForm({ onAdd }: { onAdd: (label: string) => Promise<void> }) {
  const { t } = useTranslation('operator');
  const id = useId();
  const { register, handleSubmit, reset, setError, formState } = useForm<LabelValues>({ defaultValues: { label: '' } });
  const error = formState.errors.label?.message;
  const submit = handleSubmit(async ({ label }) => {
    try {
      await onAdd(label.trim());
      reset({ label: '' });
    } catch (failure) {
      labelErrorFrom(failure, setError, t);
    }
  });
  return (
    <form className="setting-add" noValidate onSubmit={(e) => void submit(e)}>
      <label htmlFor={`${id}-new`}>{t('New item')}</label>{' '}
      <input
        id={`${id}-new`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...register('label', labelRule(t))}
      />{' '}
      <button type="submit" disabled={formState.isSubmitting}>
        {t('Add')}
      </button>
      {error && (
        <p role="alert" id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </form>
  );
}

/**
 * A setting list (priorities, categories, activities...): drag or the move buttons to
 * reorder, one default, add and delete.
 */
export function SettingList({ route, title }: { route: OrderedRoute; title: string }) {
  const { t } = useTranslation('operator');
  const id = useId();
  const [items, setItems] = useState<SettingItem[] | null>(null);
  const [dragging, setDragging] = useState<number | null>(null);
  const [dialog, confirm] = useConfirm();
  const [editing, setEditing] = useState<SettingItem['id'] | null>(null);

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
      await updateRecord(route, item.id, { is_default: true });
      toast.success(t('Item updated.'));
    } catch {
      setItems(before);
    }
  };

  /** Saves a changed label; a failure throws, so the form keeps what was typed. */
  const rename = async (item: SettingItem, label: string) => {
    await updateRecord(route, item.id, { label });
    setItems((list) => (list ?? []).map((i) => (i.id === item.id ? { ...i, label } : i)));
    setEditing(null);
    toast.success(t('Item updated.'));
  };

  const add = async (label: string) => {
    const created: SettingItem = await createRecord(route, { label, order: items.length + 1 });
    setItems((list) => [...(list ?? []), created]);
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
            {editing === item.id ? <RenameForm item={item} onRename={(label) => rename(item, label)} onClose={() => setEditing(null)} /> : <span>{item.label}</span>}{' '}
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
              <button type="button" aria-label={t('Rename {name}', { name: item.label })} onClick={() => setEditing(item.id)}>
                {t('Rename')}
              </button>
              <button type="button" aria-label={`${t('Delete')} ${item.label}`} onClick={() => void remove(item)}>
                {t('Delete')}
              </button>
            </span>
          </li>
        ))}
      </ol>
      <AddForm onAdd={add} />
      {dialog}
    </section>
  );
}
