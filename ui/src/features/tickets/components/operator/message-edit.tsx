import { useId, useState } from 'react';
import { messageFormat } from '@/components/ui/plain-text';
import { toast } from '@/lib/toast';
import { updateMessage, type MessageChanges } from '../../api/update-message';
import type { Operator, OperatorMessage } from '@/types/operator';
import { useTranslation } from '@/lib/i18n';
import { RichEditor } from '@/components/form/rich-editor';

/** Only what differs from the message as loaded; empty when nothing changed. */
export function messageChanges(original: OperatorMessage, draft: { message: string; visible: boolean }): MessageChanges {
  const changes: MessageChanges = {};
  if (draft.message !== original.message) changes.message = draft.message;
  if (draft.visible !== Boolean(Number(original.visible_to_client))) changes.visible_to_client = draft.visible ? 1 : 0;
  return changes;
}

type Props = { message: OperatorMessage; operators: Operator[]; onDone: (saved: boolean) => void };

/** Edit mode of one message: save sends the changed fields, or just closes. */
export function MessageEdit({ message, operators, onDone }: Props) {
  const { t } = useTranslation('operator');
  const id = useId();
  const [html, setHtml] = useState(message.message);
  const [visible, setVisible] = useState(Boolean(Number(message.visible_to_client)));
  const [busy, setBusy] = useState(false);
  const save = async () => {
    const changes = messageChanges(message, { message: html, visible });
    if (Object.keys(changes).length === 0) return onDone(false);
    setBusy(true);
    try {
      await updateMessage(message.id, changes);
      toast.success(t('Item updated.'));
      onDone(true);
    } catch {
      setBusy(false);
    }
  };
  return (
    <div className="message-edit">
      {messageFormat(message) === 'text' ? (
        // A client's text is edited as text: loading it into the HTML editor would
        // interpret it in the operator's page.
        <textarea
          aria-label={t('Edit message {id}', { id: message.id })}
          value={html}
          onChange={(e) => setHtml(e.target.value)}
          rows={6}
          style={{ width: '100%' }}
        />
      ) : (
        <RichEditor label={t('Edit message {id}', { id: message.id })} initialHtml={message.message} onChange={setHtml} operators={operators} height={160} />
      )}
      <label htmlFor={`${id}-visible`}>
        <input id={`${id}-visible`} type="checkbox" checked={visible} onChange={(e) => setVisible(e.target.checked)} /> {t('Visible to the client')}
      </label>{' '}
      <button type="button" onClick={() => onDone(false)}>
        {t('Cancel')}
      </button>{' '}
      <button type="button" className="primary" disabled={busy} onClick={() => void save()}>
        {t('Save')}
      </button>
    </div>
  );
}
