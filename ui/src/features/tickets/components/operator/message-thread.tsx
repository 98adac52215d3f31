import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { messageFormat, PlainText } from '@/components/ui/plain-text';
import { MailOrigin } from '@/components/ui/mail-origin';
import { toast } from '@/lib/toast';
import { deleteMessage } from '../../api/update-message';
import type { Operator, OperatorMessage } from '@/types/operator';
import { useLookupLabel, useTranslation } from '@/lib/i18n';
import { useConfirm } from '@/components/form/confirm-dialog';
import { MessageEdit } from './message-edit';
import { ActorName, Badge } from '@/components/display/badges';
import { RelativeTime } from '@/components/display/relative-time';
import { InTurn } from '@/components/ui/in-turn';

export const IFRAME_EXTRA_HEIGHT = 16;

/** The frame's height: its content plus 16 px so no scroll bar appears. */
export function frameHeight(frame: HTMLIFrameElement): number | null {
  const doc = frame.contentDocument;
  if (!doc) return null;
  const content = Math.max(doc.documentElement?.scrollHeight ?? 0, doc.body?.scrollHeight ?? 0);
  return content + IFRAME_EXTRA_HEIGHT;
}

// Operator HTML (sanitised by the API) is shown in a frame that may read its own
// document (allow-same-origin) but runs no script, so it cannot act in the operator's
// session. A client's text never comes here: it is shown as text (PlainText).
function MessageBody({ message }: { message: OperatorMessage }) {
  const { t } = useTranslation('operator');
  const [height, setHeight] = useState<number | undefined>(undefined);
  // frames join the document one per task (InTurn); the box holds the frame's place meanwhile
  return (
    <InTurn placeholder={<div className="message-body" />}>
      <iframe
        className="message-body"
        title={t('Message {id}', { id: message.id })}
        sandbox="allow-same-origin allow-popups"
        srcDoc={message.message}
        style={{ width: '100%', border: 0, height: height === undefined ? undefined : `${height}px` }}
        onLoad={(e) => {
          const h = frameHeight(e.currentTarget);
          if (h !== null) setHeight(h);
        }}
      />
    </InTurn>
  );
}

const isInternal = (m: OperatorMessage) => !Number(m.visible_to_client);

type ThreadProps = {
  messages: OperatorMessage[];
  label?: string;
  /** With operators and onChanged, each message can be edited and deleted. */
  operators?: Operator[];
  onChanged?: () => void;
};

export function MessageThread({ messages, label, operators = [], onChanged }: ThreadProps) {
  const { t } = useTranslation('operator');
  const lookupLabel = useLookupLabel();
  const { hash } = useLocation();
  const [editing, setEditing] = useState<OperatorMessage['id'] | null>(null);
  const [dialog, confirm] = useConfirm();
  const highlighted = /^#message-(.+)$/.exec(hash)?.[1];
  const listRef = useRef<HTMLOListElement>(null);
  useEffect(() => {
    if (!highlighted) return;
    const el = [...(listRef.current?.children ?? [])].find((li) => li.id === `message-${highlighted}`);
    el?.scrollIntoView?.({ block: 'center' });
  }, [highlighted, messages.length]);
  if (messages.length === 0) return <p className="muted">{t('No messages yet.')}</p>;
  const remove = async (m: OperatorMessage) => {
    try {
      await confirm();
    } catch {
      return;
    }
    await deleteMessage(m.id);
    toast.success(t('Item deleted.'));
    onChanged?.();
  };
  return (
    <>
      {dialog}
      <ol className="thread" aria-label={label ?? t('Messages')} ref={listRef}>
        {messages.map((m) => {
          const classes = ['message'];
          if (isInternal(m)) classes.push('internal-note');
          if (Number(m.is_from_client)) classes.push('from-client');
          if (String(m.id) === highlighted) classes.push('highlighted');
          return (
            <li
              key={m.id}
              id={`message-${m.id}`}
              className={classes.join(' ')}
              aria-current={String(m.id) === highlighted ? 'true' : undefined}
              style={isInternal(m) ? { background: '#fff7e6', borderLeft: '4px solid #c2410c' } : undefined}
            >
              <div className="message-meta">
                <ActorName actor={m.actor} externalSender={m.original_email_from} /> <RelativeTime value={m.created_at} />
                {isInternal(m) ? (
                  <>
                    {' '}
                    <Badge label={t('Internal note')} styleName="warning" />
                  </>
                ) : null}
              </div>
              <MailOrigin message={m} />
              {m.type === 'status-changed' && m.data?.status ? (
                <p className="status-change">{t('Status: {name}', { name: lookupLabel(m.data.status.name) })}</p>
              ) : editing === m.id ? (
                <MessageEdit
                  message={m}
                  operators={operators}
                  onDone={(saved) => {
                    setEditing(null);
                    if (saved) onChanged?.();
                  }}
                />
              ) : messageFormat(m) === 'text' ? (
                <PlainText text={m.message} />
              ) : (
                <MessageBody message={m} />
              )}
              {onChanged && editing !== m.id && m.type !== 'status-changed' && (
                <div className="message-actions">
                  <button type="button" aria-label={t('Edit message {id}', { id: m.id })} onClick={() => setEditing(m.id)}>
                    {t('Edit')}
                  </button>{' '}
                  <button type="button" aria-label={t('Delete message {id}', { id: m.id })} onClick={() => void remove(m)}>
                    {t('Delete')}
                  </button>
                </div>
              )}
              {m.attachments && m.attachments.length > 0 && (
                <ul className="attachments">
                  {m.attachments.map((a) => (
                    <li key={a.id}>
                      <a href={a.url} download={a.name}>
                        {a.name}
                      </a>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ol>
    </>
  );
}
