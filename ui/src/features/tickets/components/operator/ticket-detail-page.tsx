import { useEffect, useId, useRef, useState } from 'react';
import { Controller, useForm, type UseFormRegister } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { useSession } from '@/lib/session';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { createMessage } from '../../api/create-operator-message';
import { createTimeRegistration } from '../../api/create-time-registration';
import { cloneTicket, deleteTicket, readOperatorTicket, restoreTicket } from '../../api/ticket-actions';
import { routePath } from '@/lib/workspace-paths';
import { useConfirm } from '@/components/form/confirm-dialog';
import type { Ticket } from '@/types/operator';
import { useTranslation, type OperatorKey } from '@/lib/i18n';
import { roundToFiveMinutes } from '@/lib/dates';
import { ArchivedName, ClientName, PriorityBadge, StatusBadge } from '@/components/display/badges';
import { DueDate } from '@/components/display/due-date';
import { SlaTargets } from '@/components/display/sla-clock';
import { MessageThread } from './message-thread';
import { NO_ADDRESSEES, ReplyAddressees, addresseeFields, hasAddressees, type Addressees } from './reply-addressees';
import { RouteLink } from '@/components/display/route-link';
import { RecordEditor, type Rec } from '@/components/records/record-form';
import { ticketKind } from '../../kind';
import { DetailScreen } from '@/components/records/detail-screen';
import { DrawnAfter } from '@/components/ui/drawn-after';
import { RichEditor } from '@/components/form/rich-editor';
import { TimeRegistrationFields, showTimeErrors, type TimeValues } from '@/components/form/time-registration-fields';
import { CustomFields } from '@/components/form/custom-field-input';
import { errorsByField, fieldErrorText } from '@/components/form/field-error';
import { formatDateTime, formatMinutes, isoWithOffset } from '@/lib/format';
import { useOperatorLookups } from '@/lib/use-operator-lookups';

/** Why a client-visible reply cannot be sent, or null when it can (SPEC §5). */
export function replyBlocked(ticket: Ticket, canStore: boolean): OperatorKey | null {
  if (!canStore) return 'You may not write messages.';
  if (ticket.is_template && Number(ticket.is_template)) return 'A template has no client to reply to.';
  if (!ticket.client?.email && !ticket.original_email_from) return 'This ticket has no client email address.';
  return null;
}

/** Changes plus the loaded version, when the API gave one. */
export function withVersion(ticket: Ticket, changes: Record<string, unknown>): Record<string, unknown> {
  return ticket.version === undefined ? changes : { ...changes, version: ticket.version };
}

type ComposerValues = Addressees & { message: string; images: (number | string)[] };
const NO_MESSAGE: ComposerValues = { ...NO_ADDRESSEES, message: '', images: [] };

/** Editor HTML with nothing in it but tags, no-break spaces and white space. */
const isBlank = (html: string) => html.replace(/<[^>]*>|&nbsp;|\s/g, '') === '';

/**
 * A reply or an internal note on react-hook-form: the editor's HTML, the images pasted
 * into it and, for a reply, the addressees. An empty message is refused under the editor;
 * a note with addressees too, since a note goes to no one.
 */
function Composer({ ticket, reload }: { ticket: Ticket; reload: () => void }) {
  const { t } = useTranslation('operator');
  const { can } = useSession();
  const { operators } = useOperatorLookups();
  const errorId = useId();
  // The editor owns its content once drawn: a new key draws an empty one after a send.
  const [key, setKey] = useState(0);
  const { control, register, handleSubmit, reset, setError, setValue, getValues, formState } = useForm<ComposerValues>({ defaultValues: NO_MESSAGE });
  const sending = formState.isSubmitting;
  const blocked = replyBlocked(ticket, can('messages.store'));
  const messageError = formState.errors.message?.message;

  const send = (visibleToClient: boolean) =>
    handleSubmit(async (values) => {
      if (!visibleToClient && hasAddressees(values)) {
        setError('to', { type: 'note', message: t('A note goes to no one: clear the addresses or send a reply.') });
        return;
      }
      try {
        const extra = visibleToClient ? addresseeFields(values) : {};
        await createMessage({ message: values.message, morphableType: 'Ticket', morphableId: ticket.id, visibleToClient, attachmentIds: values.images, ...extra });
        toast.success(t('Message sent'));
        reset(NO_MESSAGE);
        setKey((k) => k + 1);
        reload();
      } catch (e) {
        // A failed send only ends the loading state (SPEC §8); what the API refuses shows at its field.
        const fields = e instanceof ApiError ? errorsByField(e.body?.errors) : {};
        for (const kind of ['to', 'cc', 'bcc'] as const) {
          if (fields[kind]) setError(kind, { type: 'server', message: fieldErrorText(t, t(kind === 'to' ? 'To' : kind === 'cc' ? 'Cc' : 'Bcc'), fields[kind]) });
        }
        if (fields.message) setError('message', { type: 'server', message: fieldErrorText(t, t('Message'), fields.message) });
      }
    })();

  return (
    <section className="composer" aria-label={t('Write a message')}>
      <Controller
        name="message"
        control={control}
        rules={{ validate: (html, values) => !isBlank(html) || values.images.length > 0 || t('{field} is required', { field: t('Message') }) }}
        render={({ field }) => (
          <RichEditor
            key={key}
            onChange={field.onChange}
            operators={operators}
            onImage={(id) => setValue('images', [...getValues('images'), id])}
            invalid={Boolean(messageError)}
            describedBy={messageError ? errorId : undefined}
          />
        )}
      />
      {messageError && (
        <p role="alert" id={errorId} className="field-error">
          {messageError}
        </p>
      )}
      {/* the composer's form holds the addressees' fields, so its register serves them */}
      {!blocked && <ReplyAddressees register={register as unknown as UseFormRegister<Addressees>} errors={formState.errors} />}
      {blocked && <p className="muted">{t(blocked)}</p>}
      <div className="composer-actions">
        <button type="button" className="primary" disabled={Boolean(blocked) || sending} onClick={() => void send(true)}>
          {t('Send reply')}
        </button>{' '}
        <button type="button" disabled={!can('messages.store') || sending} onClick={() => void send(false)}>
          {t('Add internal note')}
        </button>
      </div>
    </section>
  );
}

/** Time spent on the ticket, on react-hook-form: minutes and moment required, a 422 under its field. */
function TimeRegistrationForm({ ticket, reload }: { ticket: Ticket; reload: () => void }) {
  const { t } = useTranslation('operator');
  const { user } = useSession();
  const fresh = (): TimeValues => ({
    minutes: null,
    executedAt: isoWithOffset(roundToFiveMinutes(new Date())),
    activity: '',
    contract: null,
    operator: user ? String(user.id) : '',
    description: '',
  });
  const { control, register, handleSubmit, reset, setError, watch, formState } = useForm<TimeValues>({ defaultValues: fresh() });
  const submit = handleSubmit(async (v) => {
    try {
      await createTimeRegistration({
        ticket_id: ticket.id,
        time_spent: v.minutes ?? 0,
        executed_at: v.executedAt ?? '',
        description: v.description,
        activity_id: v.activity ? Number(v.activity) : null,
        contract_id: v.contract?.id ?? null,
        operator_id: v.operator || null,
      });
      toast.success(t('Time registered'));
      reset({ ...fresh(), activity: v.activity, contract: v.contract, operator: v.operator });
      reload();
    } catch (error) {
      // The API client already showed the server's message; a 422 also goes under its field.
      showTimeErrors(error, setError, t);
    }
  });
  return (
    <form className="time-registration" aria-label={t('Register time')} noValidate onSubmit={(e) => void submit(e)}>
      <h2>{t('Register time')}</h2>
      <TimeRegistrationFields control={control} register={register} errors={formState.errors} companyId={ticket.company?.id ?? null} />
      <button type="submit" disabled={!watch('minutes') || formState.isSubmitting}>
        {t('Register')}
      </button>
    </form>
  );
}

const serverValues = (ticket: Ticket): Record<string, string | null> =>
  Object.fromEntries((ticket.custom_values ?? []).map((v) => [v.custom_field, v.value]));

/**
 * The ticket's custom fields; a required one left empty stops the save. What the operator
 * typed survives a reload: when another operator saved first (409) the ticket reloads with
 * their change and the typed values stay, to be saved again over the new version.
 */
function TicketFields({ ticket, save, reload }: { ticket: Ticket; save: (changes: Record<string, unknown>) => Promise<void>; reload: () => void }) {
  const { t } = useTranslation('operator');
  const { customFields } = useOperatorLookups();
  const fields = customFields.filter((f) => !f.morphable_type || f.morphable_type === 'Ticket');
  const { control, handleSubmit, reset, formState } = useForm<{ values: Record<string, string | null> }>({ defaultValues: { values: serverValues(ticket) } });
  const [conflict, setConflict] = useState<string | null>(null);
  // A reloaded ticket resets the fields, except after a conflict: what was typed stays.
  const keepTyped = useRef(false);
  useEffect(() => {
    if (keepTyped.current) keepTyped.current = false;
    else reset({ values: serverValues(ticket) });
  }, [ticket, reset]);
  if (fields.length === 0) return null;
  const submit = handleSubmit(({ values }) =>
    save(withVersion(ticket, { custom_values: values }))
      .then(() => setConflict(null))
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 409) {
          setConflict(error.body?.message ?? t('This ticket was changed by someone else.'));
          keepTyped.current = true;
          reload();
        }
      }),
  );
  const message: unknown = formState.errors.values?.message;
  const missing = typeof message === 'string' ? message.split('\n').filter(Boolean) : [];
  return (
    <form aria-label={t('Custom fields')} noValidate onSubmit={(e) => void submit(e)}>
      <Controller
        name="values"
        control={control}
        rules={{
          validate: (values) => {
            const empty = fields.filter((f) => f.required && !values[f.name]).map((f) => t('{field} is required', { field: f.title }));
            return empty.length ? empty.join('\n') : true;
          },
        }}
        render={({ field }) => <CustomFields fields={fields} values={field.value} onChange={(name, v) => field.onChange({ ...field.value, [name]: v })} />}
      />
      {missing.map((e) => (
        <p key={e} role="alert" className="field-error">
          {e}
        </p>
      ))}
      {conflict && (
        <p role="alert" className="conflict">
          {conflict} {t('Your values are kept here: save again to apply them to the current version.')}
        </p>
      )}
      <button type="submit">{t('Save fields')}</button>
    </form>
  );
}

function TimeList({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation('operator');
  const rows = ticket.time_registrations ?? [];
  if (rows.length === 0) return null;
  return (
    <table className="detail-table" aria-label={t('Registered time')}>
      <thead>
        <tr>
          <th scope="col">{t('Executed at')}</th>
          <th scope="col">{t('Time')}</th>
          <th scope="col">{t('Description')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.id}>
            <td>{formatDateTime(r.executed_at)}</td>
            <td>{formatMinutes(r.time_spent_rounded)}</td>
            <td>{r.description}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function ThreadWithEdit({ ticket, reload }: { ticket: Ticket; reload: () => void }) {
  const { operators } = useOperatorLookups();
  return <MessageThread messages={ticket.messages ?? []} operators={operators} onChanged={reload} />;
}

/** Clone into a new ticket; delete to the bin after confirmation; restore from it. */
function TicketActions({ ticket, reload }: { ticket: Ticket; reload: () => void }) {
  const { t } = useTranslation('operator');
  const { can } = useSession();
  const navigate = useNavigate();
  const [dialog, confirm] = useConfirm();
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } catch {
      // Not confirmed, or the API client already showed the server's message.
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="record-actions">
      {dialog}
      {ticket.deleted ? (
        <>
          <p role="status" className="deleted-note">
            {t('This ticket is deleted.')}
          </p>
          {can('tickets.update') && (
            <button
              type="button"
              className="primary"
              disabled={busy}
              onClick={() =>
                void run(async () => {
                  await restoreTicket(ticket.id);
                  toast.success(t('Ticket restored'));
                  reload();
                })
              }
            >
              {t('Restore')}
            </button>
          )}
        </>
      ) : (
        <>
          {can('tickets.store') && (
            <button
              type="button"
              disabled={busy}
              onClick={() =>
                void run(async () => {
                  const copy = await cloneTicket(ticket.id);
                  toast.success(t('Ticket cloned'));
                  navigate(routePath('tickets.show', copy.id));
                })
              }
            >
              {t('Clone')}
            </button>
          )}{' '}
          {can('tickets.destroy') && (
            <button
              type="button"
              className="danger"
              disabled={busy}
              onClick={() =>
                void run(async () => {
                  await confirm();
                  await deleteTicket(ticket.id);
                  toast.success(t('Item deleted.'));
                  reload();
                })
              }
            >
              {t('Delete')}
            </button>
          )}
        </>
      )}
    </div>
  );
}

export function TicketDetailPage() {
  const { t } = useTranslation('operator');
  const { can } = useSession();
  const { statuses } = useOperatorLookups();
  const statusId = useId();
  return (
    <DetailScreen<Ticket>
      route="tickets"
      modelName="Ticket"
      label={(ticket) => ticket.reference}
      // The operator's view of a ticket: internal notes and version included.
      load={readOperatorTicket}
    >
      {({ record, save, reload }) => (
        <>
          <p className="ticket-summary">
            <StatusBadge status={record.status} /> <PriorityBadge priority={record.priority} />{' '}
            {record.company && (
              <RouteLink name="companies.show" id={record.company.id}>
                <ArchivedName record={record.company} />
              </RouteLink>
            )}{' '}
            {record.client && (
              <RouteLink name="clients.show" id={record.client.id}>
                <ClientName name={record.client.full_name} />
              </RouteLink>
            )}{' '}
            <DueDate value={record.due_at} />
          </p>
          <SlaTargets ticket={record} />
          <p>{record.description}</p>
          <TicketActions ticket={record} reload={reload} />
          <div className="field">
            <label htmlFor={statusId}>{t('Status')}</label>
            <select id={statusId} value={record.status_id} onChange={(e) => void save(withVersion(record, { status_id: Number(e.target.value) })).catch(() => reload())}>
              {statuses.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name ?? s.label}
                </option>
              ))}
            </select>
          </div>
          <DrawnAfter>
            {can('tickets.update') && <RecordEditor kind={ticketKind} record={record as unknown as Rec} onSaved={reload} onConflict={reload} />}
            <DrawnAfter>
              <TicketFields ticket={record} save={save} reload={reload} />
              <ThreadWithEdit ticket={record} reload={reload} />
              <DrawnAfter>
                <Composer ticket={record} reload={reload} />
                <TimeList ticket={record} />
                <TimeRegistrationForm ticket={record} reload={reload} />
              </DrawnAfter>
            </DrawnAfter>
          </DrawnAfter>
        </>
      )}
    </DetailScreen>
  );
}
