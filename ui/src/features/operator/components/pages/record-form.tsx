import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { api, ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { createRecord, deleteRecord, updateRecord } from '../../api/resources';
import type { Id } from '../../types';
import { useTranslation, type OperatorKey } from '@/lib/i18n';
import { routePath } from '../../utils/routes';
import { SearchSelect, type SearchOption, type SearchRow } from '../filters/search-select';
import { NumberInput } from '../widgets/number-input';
import { NotConfirmedError, useConfirm } from '../widgets/confirm-dialog';
import { DetailScreen } from '../detail-screen';

type Rec = { id: Id; version?: number; [field: string]: unknown };

/** SPEC §4: used-product types and invoice moments, from their numbers. */
export const USED_PRODUCT_TYPES: Record<number, OperatorKey> = { 1: 'Product', 2: 'Fixed price', 3: 'Calculation' };
export const INVOICE_MOMENTS: Record<number, OperatorKey> = { 1: 'Quote accepted', 2: 'Start of phase', 3: 'End of phase' };

/** One field of a record form: its API name, label and kind of input. */
export type FormField =
  | { name: string; label: OperatorKey; type: 'text'; required?: boolean }
  | { name: string; label: OperatorKey; type: 'number'; required?: boolean }
  | { name: string; label: OperatorKey; type: 'choice'; options: Record<number, OperatorKey>; required?: boolean }
  | {
      name: string;
      label: OperatorKey;
      type: 'record';
      /** The record the answer embeds (company, client), for its label when editing. */
      relation?: string;
      /** A lookup of GET /lookups/{name}, or a list route searched with ?search=. */
      lookup?: string;
      listRoute?: string;
      /** Searches within the company picked in the form. */
      byCompany?: boolean;
      required?: boolean;
    };

/** A kind of record with a create and edit form: deals, projects, used products, ticket groups. */
export type RecordKind = {
  route: string;
  model: OperatorKey;
  newTitle: OperatorKey;
  show: string;
  fields: FormField[];
  label: (record: Rec) => string;
  /** Whether PUT takes the loaded version and answers 409 on a stale one. */
  versioned: boolean;
};

const describe = (r: Rec) => String(r.description ?? r.name ?? r.id);
const company: FormField = { name: 'company_id', label: 'Company', type: 'record', relation: 'company', lookup: 'companies' };

export const RECORD_KINDS: Record<'deals' | 'projects' | 'used-products' | 'ticket-groups', RecordKind> = {
  deals: {
    route: 'deals',
    model: 'Deal',
    newTitle: 'New deal',
    show: 'deals.show',
    versioned: true,
    label: describe,
    fields: [
      { name: 'description', label: 'Description', type: 'text', required: true },
      company,
      { name: 'client_id', label: 'Client', type: 'record', relation: 'client', lookup: 'clients', byCompany: true },
    ],
  },
  projects: {
    route: 'projects',
    model: 'Project',
    newTitle: 'New project',
    show: 'project.show',
    versioned: true,
    label: describe,
    fields: [
      { name: 'description', label: 'Description', type: 'text', required: true },
      company,
      { name: 'deal_id', label: 'Deal', type: 'record', listRoute: 'deals', byCompany: true },
    ],
  },
  'used-products': {
    route: 'used-products',
    model: 'Used product',
    newTitle: 'New used product',
    show: 'used-products.show',
    versioned: true,
    label: describe,
    fields: [
      { name: 'description', label: 'Description', type: 'text', required: true },
      company,
      { name: 'project_id', label: 'Project', type: 'record', listRoute: 'projects', byCompany: true },
      { name: 'ticket_id', label: 'Ticket', type: 'record', lookup: 'tickets', byCompany: true },
      { name: 'quantity', label: 'Quantity', type: 'number', required: true },
      { name: 'price', label: 'Price', type: 'number', required: true },
      { name: 'type', label: 'Type', type: 'choice', options: USED_PRODUCT_TYPES, required: true },
      { name: 'invoice_moment', label: 'Invoice moment', type: 'choice', options: INVOICE_MOMENTS, required: true },
    ],
  },
  'ticket-groups': {
    route: 'ticket-groups',
    model: 'Ticket group',
    newTitle: 'New ticket group',
    show: 'ticket-groups.show',
    versioned: false,
    label: (r) => String(r.name ?? r.id),
    fields: [{ name: 'name', label: 'Name', type: 'text', required: true }, company],
  },
};

type Value = string | SearchOption | null;
type Values = Record<string, Value>;

const optionLabel = (r: SearchRow) => String(r.description ?? r.reference ?? r.full_name ?? r.name ?? r.label ?? r.id);

/** The form's starting values: empty, or the record's own. */
function valuesOf(kind: RecordKind, record?: Rec): Values {
  const values: Values = {};
  for (const field of kind.fields) {
    const raw = record?.[field.name];
    if (field.type === 'record') {
      const embedded = field.relation ? (record?.[field.relation] as SearchRow | null | undefined) : undefined;
      values[field.name] = raw ? { id: raw as Id, label: embedded ? optionLabel(embedded) : String(raw) } : null;
    } else {
      values[field.name] = raw === null || raw === undefined ? '' : String(raw);
    }
  }
  return values;
}

/** The JSON a form sends: ids for records, numbers for numbers and choices, null when empty. */
function bodyOf(kind: RecordKind, values: Values): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of kind.fields) {
    const value = values[field.name];
    if (field.type === 'record') body[field.name] = value && typeof value === 'object' ? value.id : null;
    else if (field.type === 'text') body[field.name] = typeof value === 'string' ? value.trim() : '';
    else body[field.name] = value === '' || value === null ? null : Number(value);
  }
  return body;
}

/** Puts readable names on linked records that the answer only gives by id. */
function useLinkedLabels(kind: RecordKind, record: Rec | undefined, setValues: (fn: (v: Values) => Values) => void) {
  useEffect(() => {
    if (!record) return;
    const controller = new AbortController();
    for (const field of kind.fields) {
      if (field.type !== 'record' || field.relation) continue;
      const id = record[field.name];
      if (!id) continue;
      const path = field.listRoute ? `/${field.listRoute}/${id}` : `/lookups/${field.lookup}/${id}`;
      api<SearchRow>(path, { signal: controller.signal, silent: true })
        .then((row) =>
          setValues((v) => {
            const current = v[field.name];
            if (!current || typeof current !== 'object' || current.id !== id) return v;
            return { ...v, [field.name]: { id: id as Id, label: optionLabel(row) } };
          }),
        )
        .catch(() => {
          // The id stays as the label; the form still works.
        });
    }
    return () => controller.abort();
  }, [kind, record, setValues]);
}

type EditorProps = {
  kind: RecordKind;
  /** The record to edit; without it the form creates one. */
  record?: Rec;
  onSaved: (record: Rec) => void;
  /** After a conflict: load the stored record again (the form keeps what was typed). */
  onConflict?: () => void;
};

/** Create or edit one record; required fields are checked before anything is sent. */
export function RecordEditor({ kind, record, onSaved, onConflict }: EditorProps) {
  const { t } = useTranslation('operator');
  const id = useId();
  const [values, setValues] = useState<Values>(() => valuesOf(kind, record));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [conflict, setConflict] = useState<string | null>(null);
  // A record loaded anew (after a save, a reload) resets the form to it, except the
  // load after a conflict: what was typed stays, now on top of the stored version.
  const keepTyped = useRef(false);
  useEffect(() => {
    if (keepTyped.current) keepTyped.current = false;
    else setValues(valuesOf(kind, record));
  }, [kind, record]);
  useLinkedLabels(kind, record, setValues);
  const title = record ? t('Edit') : t(kind.newTitle);
  const set = (name: string, value: Value) => setValues((v) => ({ ...v, [name]: value }));
  const companyId = (() => {
    const c = values.company_id;
    return c && typeof c === 'object' ? c.id : null;
  })();

  const submit = async () => {
    const missing: Record<string, string> = {};
    for (const field of kind.fields) {
      const value = values[field.name];
      if (field.required && (value === null || (typeof value === 'string' && !value.trim()))) {
        missing[field.name] = t('{field} is required', { field: t(field.label) });
      }
    }
    setErrors(missing);
    if (Object.keys(missing).length) return;
    const body = bodyOf(kind, values);
    if (record && kind.versioned && record.version !== undefined) body.version = record.version;
    setBusy(true);
    try {
      const saved = record ? await updateRecord<Rec>(kind.route, record.id, body) : await createRecord<Rec>(kind.route, body);
      toast.success(record ? t('Item updated.') : t('{model} created', { model: t(kind.model) }));
      setConflict(null);
      onSaved(saved);
    } catch (error) {
      // The API client already showed the server's message; what was typed stays.
      if (!(error instanceof ApiError)) return;
      if (error.status === 409 && onConflict) {
        setConflict(error.body?.message ?? t('This record was changed by someone else.'));
        keepTyped.current = true;
        onConflict();
      } else if (error.status === 422 && error.body?.errors) {
        const named: Record<string, string> = {};
        for (const [name, texts] of Object.entries(error.body.errors)) named[name] = ([] as string[]).concat(texts).join(' ');
        setErrors(named);
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      aria-label={title}
      className="record-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {!record && <h2 className="visually-hidden">{title}</h2>}
      {kind.fields.map((field) => {
        const label = t(field.label);
        const error = errors[field.name];
        const value = values[field.name];
        const star = field.required ? <span className="required">*</span> : null;
        let input;
        if (field.type === 'record') {
          const search = field.listRoute
            ? (text: string, signal: AbortSignal) =>
                api<{ data: SearchRow[] }>(`/${field.listRoute}`, {
                  query: { search: text, ...(field.byCompany && companyId ? { company_id: String(companyId) } : {}) },
                  signal,
                  silent: true,
                }).then((answer) => answer.data)
            : undefined;
          input = (
            <SearchSelect
              label={label}
              lookup={field.lookup ?? field.listRoute ?? ''}
              value={typeof value === 'object' ? value : null}
              onChange={(picked) => {
                set(field.name, picked);
                if (field.name === 'company_id') {
                  for (const other of kind.fields) if (other.type === 'record' && other.byCompany) set(other.name, null);
                }
              }}
              constraints={field.byCompany ? { companyId } : field.name === 'company_id' ? { liveOnly: true } : undefined}
              optionLabel={optionLabel}
              search={search}
            />
          );
        } else if (field.type === 'number') {
          input = <NumberInput label={`${label}${field.required ? ' *' : ''}`} value={typeof value === 'string' ? value : ''} onChange={(v) => set(field.name, v)} />;
        } else if (field.type === 'choice') {
          input = (
            <div className="field">
              <label htmlFor={`${id}-${field.name}`}>
                {label} {star}
              </label>
              <select id={`${id}-${field.name}`} value={typeof value === 'string' ? value : ''} onChange={(e) => set(field.name, e.target.value)}>
                <option value="">—</option>
                {Object.entries(field.options).map(([key, name]) => (
                  <option key={key} value={key}>
                    {t(name)}
                  </option>
                ))}
              </select>
            </div>
          );
        } else {
          input = (
            <div className="field">
              <label htmlFor={`${id}-${field.name}`}>
                {label} {star}
              </label>
              <input
                id={`${id}-${field.name}`}
                value={typeof value === 'string' ? value : ''}
                maxLength={250}
                aria-invalid={error ? true : undefined}
                onChange={(e) => set(field.name, e.target.value)}
              />
            </div>
          );
        }
        return (
          <div key={field.name} className="record-field">
            {input}
            {error && (
              <p role="alert" className="field-error">
                {error}
              </p>
            )}
          </div>
        );
      })}
      {conflict && (
        <p role="alert" className="field-error">
          {conflict} {t('Your values are kept here: save again to apply them to the current version.')}
        </p>
      )}
      <button type="submit" className="primary" disabled={busy}>
        {record ? t('Save') : t('Create')}
      </button>
    </form>
  );
}

/** The 'New …' link a list shows to whoever may create such records. */
export function NewRecordLink({ kind }: { kind: RecordKind }) {
  const { t } = useTranslation('operator');
  const { can } = useSession();
  if (!can(`${kind.route}.store`)) return null;
  return (
    <Link className="button primary new-record" to={routePath(`${kind.route}.create`)}>
      {t(kind.newTitle)}
    </Link>
  );
}

/** /{route}/create: the empty form; saving opens the new record. */
export function RecordCreatePage({ kind }: { kind: RecordKind }) {
  const { t } = useTranslation('operator');
  const navigate = useNavigate();
  return (
    <section className="record-create">
      <h1>{t(kind.newTitle)}</h1>
      <RecordEditor kind={kind} onSaved={(saved) => navigate(routePath(kind.show, saved.id))} />
    </section>
  );
}

/** A record's page: its fields in a form to change, and delete after confirmation. */
export function RecordDetailPage({ kind }: { kind: RecordKind }) {
  return (
    <DetailScreen<Rec> route={kind.route} modelName={kind.model} label={kind.label} withRelations={['company']}>
      {({ record, reload }) => <RecordActions kind={kind} record={record} reload={reload} />}
    </DetailScreen>
  );
}

/** The edit form (for whoever may update) and the delete button (for whoever may delete). */
export function RecordActions({ kind, record, reload }: { kind: RecordKind; record: Rec; reload: () => void }) {
  const { t } = useTranslation('operator');
  const navigate = useNavigate();
  const { can } = useSession();
  const [dialog, confirm] = useConfirm();
  return (
    <>
      {can(`${kind.route}.update`) && <RecordEditor kind={kind} record={record} onSaved={reload} onConflict={reload} />}
      {can(`${kind.route}.destroy`) && (
        <button
          type="button"
          className="danger"
          onClick={async () => {
            try {
              await confirm();
              await deleteRecord(kind.route, record.id);
              toast.success(t('Item deleted.'));
              navigate(routePath(`${kind.route}.index`), { replace: true });
            } catch (error) {
              if (error instanceof NotConfirmedError) return;
              // The API client already showed the server's message.
            }
          }}
        >
          {t('Delete')}
        </button>
      )}
      {dialog}
    </>
  );
}

