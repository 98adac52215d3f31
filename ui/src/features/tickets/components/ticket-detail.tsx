import { useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { InfoCard, InfoCards } from '@/components/ui/info-card';
import { CustomValues } from '@/components/ui/custom-values';
import { useSession } from '@/lib/session';
import { MessageThread } from '@/components/ui/message-thread';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime } from '@/lib/format';
import { useLookupLabel, useTranslation } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import type { Id } from '@/types/models';
import { useTicket } from '../api/get-ticket';
import { useCreateMessage } from '../api/create-message';
import { SlaTargets } from './sla-targets';

export const MAX_FILE_BYTES = 10 * 1024 * 1024;
export const ACCEPTED_FILES = '.pdf,.png,.jpg,.jpeg,.gif,.txt,.csv,.docx,.xlsx,.zip';

function Reply({ ticketId }: { ticketId: Id }) {
  const { t } = useTranslation();
  const send = useCreateMessage(ticketId);
  const [message, setMessage] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState('');
  const input = useRef<HTMLInputElement>(null);
  return (
    <form
      className="reply"
      onSubmit={(e) => {
        e.preventDefault();
        if (!message.trim()) {
          setError(t('ticket.reply_required'));
          return;
        }
        setError('');
        send.mutate(
          { message, files },
          {
            onSuccess: () => {
              toast.success(t('ticket.reply_sent'));
              setMessage('');
              setFiles([]);
              if (input.current) input.current.value = '';
            },
          },
        );
      }}
    >
      <h2>{t('ticket.reply')}</h2>
      <label className="field">
        <span>{t('ticket.message')}</span>
        <textarea rows={5} value={message} onChange={(e) => setMessage(e.target.value)} aria-invalid={Boolean(error)} />
      </label>
      <label className="field">
        <span>{t('ticket.attachments')}</span>
        <input
          ref={input}
          type="file"
          multiple
          accept={ACCEPTED_FILES}
          onChange={(e) => {
            const chosen = Array.from(e.target.files ?? []);
            const tooBig = chosen.filter((f) => f.size > MAX_FILE_BYTES);
            setError(tooBig.length ? t('ticket.file_too_large', { name: tooBig[0].name }) : '');
            setFiles(chosen.filter((f) => f.size <= MAX_FILE_BYTES));
          }}
        />
      </label>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="primary" disabled={send.isPending}>
        {t('ticket.send')}
      </button>
    </form>
  );
}

export function TicketDetail() {
  const { id } = useParams();
  const { t } = useTranslation();
  const lookupLabel = useLookupLabel();
  const { lookups } = useSession();
  const ticket = useTicket(id).data;
  if (!ticket) return <Spinner label={t('common.loading')} />;
  return (
    <section className="detail">
      <h1>
        {ticket.reference} {ticket.description}
      </h1>
      <InfoCards>
        <InfoCard label={t('col.status')}>{lookupLabel(ticket.status?.name_client)}</InfoCard>
        <InfoCard label={t('col.company')}>{ticket.company?.name ?? ''}</InfoCard>
        <InfoCard label={t('col.client')}>{ticket.client?.full_name ?? ''}</InfoCard>
        <InfoCard label={t('col.created')}>{formatDateTime(ticket.created_at)}</InfoCard>
        <InfoCard label={t('col.updated')}>{formatDateTime(ticket.updated_at)}</InfoCard>
        <SlaTargets ticket={ticket} />
        <CustomValues
          values={ticket.custom_values ?? []}
          defs={(lookups?.custom_fields ?? []).filter((f) => f.morphable_type === 'Ticket')}
        />
      </InfoCards>
      <h2>{t('common.messages')}</h2>
      <MessageThread
        messages={ticket.messages ?? []}
        emptyText={t('common.no_messages')}
        title={t('common.messages')}
        // A client reads the status by its client-facing name.
        statusChanged={(status) =>
          t('ticket.status_changed', {
            name: lookups?.ticket_statuses.find((s) => String(s.id) === String(status.id))?.name_client ?? status.name,
          })
        }
      />
      <Reply ticketId={ticket.id} />
    </section>
  );
}
