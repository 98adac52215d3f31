import { useNavigate } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import { useTranslation, type MessageKey } from '@/lib/i18n';
import { lookupConfig, useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import type { CustomFieldDef, SettingItem } from '@/types/models';
import { useCreateTicket } from '../api/create-ticket';
import type { TicketFieldsConfig } from '../api/types';

export const TICKET_FIELDS_CONFIG = 'ticketing.ticket_fields_config';

type Values = Record<string, string>;

const LOOKUP_FIELDS: { name: string; lookup: string; label: MessageKey }[] = [
  { name: 'priority_id', lookup: 'priorities', label: 'ticket.priority' },
  { name: 'category_id', lookup: 'categories', label: 'ticket.category' },
  { name: 'ticket_type_id', lookup: 'ticket_types', label: 'ticket.type' },
];

function Required() {
  return (
    <span className="required" aria-hidden="true">
      {' '}
      *
    </span>
  );
}

export function TicketCreate() {
  const { t } = useTranslation();
  const { lookups } = useSession();
  const navigate = useNavigate();
  const create = useCreateTicket();
  const fieldsConfig = lookupConfig<TicketFieldsConfig>(lookups, TICKET_FIELDS_CONFIG) ?? {};
  const customFields = (lookups?.custom_fields ?? [])
    // A field the API sends without a name has no key to send its value under.
    .filter((f): f is CustomFieldDef & { name: string } => f.morphable_type === 'Ticket' && Boolean(f.name))
    .sort((a, b) => a.order - b.order);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Values>({ defaultValues: {} });

  const rule = (name: string, fallbackLabel: string, alwaysRequired = false) => {
    const cfg = fieldsConfig[name];
    const required = alwaysRequired || Boolean(cfg?.required_portal);
    // the message names the field as the form shows it, not by the tenant's English label
    const label = fallbackLabel;
    return {
      required,
      options: required ? { required: t('ticket.field_required', { label }) } : {},
    };
  };

  const onSubmit = handleSubmit((values) => {
    const custom: Record<string, string> = {};
    for (const f of customFields) if (values[`custom_${f.name}`]) custom[f.name] = values[`custom_${f.name}`];
    create.mutate(
      {
        description: values.description ?? '',
        message: values.message ?? '',
        ...Object.fromEntries(
          LOOKUP_FIELDS.filter((f) => values[f.name]).map((f) => [f.name, Number(values[f.name])]),
        ),
        ...(Object.keys(custom).length ? { custom_values: custom } : {}),
      },
      {
        onSuccess: (ticket) => {
          toast.success(t('ticket.created'));
          navigate(`/tickets/${ticket.id}`);
        },
      },
    );
  });

  const errorText = (name: string) =>
    errors[name]?.message ? (
      <p className="field-error" role="alert" id={`${name}-error`}>
        {String(errors[name]?.message)}
      </p>
    ) : null;

  const description = rule('description', t('ticket.subject'));
  const message = rule('message', t('ticket.message'));

  return (
    <section className="detail">
      <h1>{t('ticket.new')}</h1>
      <form className="ticket-form" onSubmit={onSubmit} noValidate>
        <label className="field">
          <span>
            {t('ticket.subject')}
            {description.required && <Required />}
          </span>
          <input type="text" aria-invalid={Boolean(errors.description)} {...register('description', description.options)} />
        </label>
        {errorText('description')}
        <label className="field">
          <span>
            {t('ticket.message')}
            {message.required && <Required />}
          </span>
          <textarea rows={6} aria-invalid={Boolean(errors.message)} {...register('message', message.options)} />
        </label>
        {errorText('message')}
        {LOOKUP_FIELDS.map((f) => {
          const items = (lookups?.[f.lookup] as SettingItem[] | undefined) ?? [];
          if (items.length === 0) return null;
          const r = rule(f.name, t(f.label));
          return (
            <div key={f.name}>
              <label className="field">
                <span>
                  {t(f.label)}
                  {r.required && <Required />}
                </span>
                <select aria-invalid={Boolean(errors[f.name])} {...register(f.name, r.options)}>
                  <option value="">{t('common.choose')}</option>
                  {items.map((i) => (
                    <option key={i.id} value={i.id}>
                      {i.label}
                    </option>
                  ))}
                </select>
              </label>
              {errorText(f.name)}
            </div>
          );
        })}
        {customFields.map((f) => {
          const name = `custom_${f.name}`;
          const r = rule(f.name, f.title, Boolean(f.required));
          return (
            <div key={f.name}>
              <label className="field">
                <span>
                  {f.title}
                  {r.required && <Required />}
                </span>
                {f.type === 1 ? (
                  <select aria-invalid={Boolean(errors[name])} {...register(name, r.options)}>
                    <option value="">{t('common.choose')}</option>
                    {(f.options ?? []).map((o) => (
                      <option key={o.name} value={o.name}>
                        {o.label}
                      </option>
                    ))}
                  </select>
                ) : (
                  <input type={f.type === 2 ? 'date' : 'text'} aria-invalid={Boolean(errors[name])} {...register(name, r.options)} />
                )}
              </label>
              {errorText(name)}
            </div>
          );
        })}
        <div className="form-actions">
          <button type="submit" className="primary" disabled={create.isPending}>
            {t('ticket.create')}
          </button>
        </div>
      </form>
    </section>
  );
}
