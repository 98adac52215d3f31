import { useEffect, useId, useRef, useState } from 'react';
import { Controller, useFieldArray, useForm, type Control, type FieldErrors, type UseFormRegister, type UseFormSetValue } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { ApiError } from '@/lib/api-client';
import { useTranslation, type OperatorKey } from '@/lib/i18n';
import { formatDecimalInput, parseDecimal } from '@/lib/format';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { createRecord, deleteRecord, getRecord, searchRecords, updateRecord, type NewRecord, type RecordChanges, type RecordKindRoute, type RecordRoute } from '@/components/records/api/resources';
import type { Id } from '@/types/operator';
import { routePath } from '@/lib/workspace-paths';
import type { Fact } from '@/components/display/record-facts';
import { SearchSelect, type SearchOption, type SearchRow } from '@/components/filters/search-select';
import { findLookup } from '@/components/filters/api/search-records';
import { NumberInput } from '@/components/form/number-input';
import { DatePicker } from '@/components/form/date-pickers';
import { NotConfirmedError, useConfirm } from '@/components/form/confirm-dialog';
import { errorsByField, fieldErrorText } from '@/components/form/field-error';

export type Rec = { id: Id; version?: number; [field: string]: unknown };

type Common = {
  name: string;
  label: OperatorKey;
  required?: boolean;
  /** Only in the create form (a person's e-mail) or only when editing (a termination date). */
  only?: 'create' | 'edit';
};

/** One field of a record form: its API name, label and kind of input. */
export type FormField = Common &
  (
    | { type: 'text'; multiline?: boolean; email?: boolean; maxLength?: number }
    | { type: 'number' }
    | { type: 'date' }
    | { type: 'boolean' }
    /** `empty` names the choice of none (a contract without a period is a prepaid card). */
    | { type: 'choice'; options: Record<string | number, OperatorKey>; empty?: OperatorKey }
    /** One item of a session lookup list (asset statuses, services, periods...), by id or another key. */
    | { type: 'setting'; lookup: string; valueKey?: string; translate?: Record<string, OperatorKey>; textIds?: boolean }
    /** Several items of a session lookup list, ticked; `relation` holds them embedded ({id}). */
    | { type: 'settings'; lookup: string; relation?: string }
    | {
        type: 'record';
        /** The record the answer embeds (company, client), for its label when editing. */
        relation?: string;
        /** A lookup of GET /lookups/{name}, or a list route searched with ?search=. */
        lookup?: string;
        listRoute?: RecordKindRoute;
        /** Searches within the company picked in the form. */
        byCompany?: boolean;
      }
    /** Several records of a lookup (a person's companies); `relation` holds them embedded. */
    | { type: 'records'; relation: string; lookup: string }
    /** Lines of description, quantity and price (a subscription's), all sent at once. */
    | { type: 'lines' }
  );

/** A kind of record with a list, a detail page and a create and edit form. */
export type RecordKind = {
  /** The API collection (checked against the generated paths: a list, GET, PUT and POST). */
  route: RecordKindRoute;
  model: OperatorKey;
  /** The list's title. */
  plural?: OperatorKey;
  newTitle: OperatorKey;
  show: string;
  fields: FormField[];
  label: (record: Rec) => string;
  /** Whether PUT takes the loaded version and answers 409 on a stale one. */
  versioned: boolean;
  /** What the detail page shows above the form, and the list's columns (the first links). */
  facts?: Fact[];
  columns?: Fact[];
  order?: [string, 'asc' | 'desc'];
  /** The field a list's text filter searches. */
  searchField?: string;
  /** Whether the list offers a company filter (its rows carry company_id). */
  companyFilter?: boolean;
  /** False where the API has no POST (the list then offers no 'New …'). */
  creatable?: boolean;
  /** archive/restore routes (POST /{route}/{id}/archive, /restore). */
  archivable?: boolean;
  /** Another create call than POST /{route} (an operator's ticket is POST /tickets/open). */
  create?: (body: Record<string, unknown>) => Promise<Rec>;
  /** The create button's text, when it names the kind ('Create ticket'). */
  createLabel?: OperatorKey;
  /** The permission prefix when it is not the route (setting lists need settings.*). */
  permission?: string;
  /** False where the API has no DELETE (assets, contracts, subscriptions). */
  deletable?: boolean;
  /** The word the delete button and toast use: people are deactivated, not deleted. */
  deleteLabel?: OperatorKey;
  withRelations?: string[];
};

type LineValue = { description: string; quantity: string; price: string };
type Value = string | boolean | SearchOption | SearchOption[] | string[] | LineValue[] | null;
type Values = Record<string, Value>;

const optionLabel = (r: SearchRow) => String(r.description ?? r.reference ?? r.full_name ?? r.name ?? r.label ?? r.id);
const isNumeric = (options: Record<string, unknown>) => Object.keys(options).every((k) => /^-?\d+$/.test(k));
const fieldsFor = (kind: RecordKind, editing: boolean) => kind.fields.filter((f) => !f.only || f.only === (editing ? 'edit' : 'create'));

/** The form's starting values: empty, or the record's own; numbers with a decimal point (SPEC §5). */
function valuesOf(fields: FormField[], record?: Rec): Values {
  const values: Values = {};
  for (const field of fields) {
    const raw = record?.[field.name];
    if (field.type === 'record') {
      const embedded = field.relation ? (record?.[field.relation] as SearchRow | null | undefined) : undefined;
      const id = (raw ?? embedded?.id) as Id | undefined;
      values[field.name] = id ? { id, label: embedded ? optionLabel(embedded) : String(id) } : null;
    } else if (field.type === 'records') {
      const embedded = (record?.[field.relation] as SearchRow[] | undefined) ?? [];
      values[field.name] = embedded.map((r) => ({ id: r.id, label: optionLabel(r) }));
    } else if (field.type === 'settings') {
      const list = (raw as Id[] | undefined) ?? ((field.relation ? record?.[field.relation] : undefined) as { id: Id }[] | undefined)?.map((r) => r.id) ?? [];
      values[field.name] = list.map(String);
    } else if (field.type === 'lines') {
      const lines = (raw as { description?: string; quantity?: unknown; price?: unknown }[] | undefined) ?? [];
      values[field.name] = lines.map((l) => ({
        description: String(l.description ?? ''),
        quantity: formatDecimalInput((l.quantity ?? '1') as number | string),
        price: formatDecimalInput(l.price as number | string | null | undefined),
      }));
    } else if (field.type === 'boolean') {
      values[field.name] = Boolean(raw);
    } else if (field.type === 'date') {
      values[field.name] = typeof raw === 'string' ? raw.slice(0, 10) : '';
    } else if (field.type === 'number') {
      values[field.name] = formatDecimalInput(raw as number | string | null | undefined);
    } else {
      values[field.name] = raw === null || raw === undefined ? '' : String(raw);
    }
  }
  return values;
}

/** The JSON a form sends: ids for records, numbers for numbers and choices, null when empty. */
function bodyOf(fields: FormField[], values: Values): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of fields) {
    const value = values[field.name];
    const text = typeof value === 'string' ? value.trim() : '';
    switch (field.type) {
      case 'record':
        body[field.name] = value && typeof value === 'object' && !Array.isArray(value) ? value.id : null;
        break;
      case 'records':
        body[field.name] = Array.isArray(value) ? (value as SearchOption[]).map((o) => o.id) : [];
        break;
      case 'settings':
        body[field.name] = Array.isArray(value) ? (value as string[]).map(Number) : [];
        break;
      case 'boolean':
        body[field.name] = Boolean(value);
        break;
      case 'lines':
        body[field.name] = ((value as LineValue[] | null) ?? []).map((l) => ({
          description: l.description.trim(),
          quantity: parseDecimal(l.quantity),
          price: parseDecimal(l.price),
        }));
        break;
      case 'text':
        // An e-mail address left empty is none, not an empty (invalid) address.
        body[field.name] = field.email && !text ? null : text;
        break;
      case 'date':
        body[field.name] = text || null;
        break;
      case 'number':
        body[field.name] = parseDecimal(text);
        break;
      case 'choice':
        body[field.name] = text === '' ? null : isNumeric(field.options) ? Number(text) : text;
        break;
      case 'setting':
        // Setting items have number ids; people (operators) have text ids.
        body[field.name] = text === '' ? null : !field.textIds && (field.valueKey ?? 'id') === 'id' && /^\d+$/.test(text) ? Number(text) : text;
        break;
    }
  }
  return body;
}

const isEmpty = (value: Value) => value === null || value === undefined || (typeof value === 'string' && !value.trim()) || (Array.isArray(value) && !value.length);

/** Puts readable names on linked records that the answer only gives by id. */
function useLinkedLabels(fields: FormField[], record: Rec | undefined, getValue: (name: string) => Value, setValue: UseFormSetValue<Values>) {
  useEffect(() => {
    if (!record) return;
    const controller = new AbortController();
    for (const field of fields) {
      if (field.type !== 'record' || field.relation) continue;
      const id = record[field.name];
      if (!id) continue;
      const found: Promise<SearchRow> = field.listRoute
        ? getRecord(field.listRoute, id as Id, { signal: controller.signal, quiet: true })
        : findLookup(field.lookup ?? '', id as Id, controller.signal);
      found
        .then((row) => {
          const current = getValue(field.name);
          if (!current || typeof current !== 'object' || Array.isArray(current) || current.id !== id) return;
          setValue(field.name, { id: id as Id, label: optionLabel(row) });
        })
        .catch(() => {
          // The id stays as the label; the form still works.
        });
    }
    return () => controller.abort();
    // getValue and setValue are stable for the form's life.
  }, [fields, record]); // eslint-disable-line react-hooks/exhaustive-deps
}

/** Several records picked one by one with the search selector, each removable. */
function RecordsInput({ label, lookup, value, onChange }: { label: string; lookup: string; value: SearchOption[]; onChange: (v: SearchOption[]) => void }) {
  const { t } = useTranslation('operator');
  return (
    <div className="records-input">
      {value.length > 0 && (
        <ul className="chips" aria-label={label}>
          {value.map((o) => (
            <li key={o.id}>
              {o.label}{' '}
              <button type="button" className="icon-button" aria-label={`${t('Delete')} ${o.label}`} onClick={() => onChange(value.filter((x) => x.id !== o.id))}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <SearchSelect label={label} lookup={lookup} value={null} constraints={{ liveOnly: true }} optionLabel={optionLabel} onChange={(picked) => picked && !value.some((o) => o.id === picked.id) && onChange([...value, picked])} />
    </div>
  );
}

type LinesProps = {
  name: string;
  label: string;
  control: Control<Values>;
  register: UseFormRegister<Values>;
  errors: FieldErrors<Values>;
};

/** Lines to add and remove; each needs a description and a quantity and price that are numbers. */
function LinesInput({ name, label, control, register, errors }: LinesProps) {
  const { t } = useTranslation('operator');
  const { fields, append, remove } = useFieldArray({ control, name: name as never });
  const number = (field: OperatorKey) => (v: string) => (parseDecimal(v) !== null ? true : t('{field} must be a number', { field: t(field) }));
  const lineErrors = (errors[name] as unknown as Record<string, { message?: string } | undefined>[] | undefined) ?? [];
  return (
    <fieldset className="field lines-input">
      <legend>{label}</legend>
      {fields.map((line, i) => {
        const problems = ['description', 'quantity', 'price'].map((k) => lineErrors[i]?.[k]?.message).filter((m): m is string => Boolean(m));
        return (
          <div key={line.id} className="line-row" role="group" aria-label={t('Line {n}', { n: i + 1 })}>
            <label>
              {t('Description')}
              <input {...register(`${name}.${i}.description` as never, { validate: (v: string) => (v.trim() ? true : t('{field} is required', { field: t('Description') })) })} />
            </label>
            <label>
              {t('Quantity')}
              <input inputMode="decimal" {...register(`${name}.${i}.quantity` as never, { validate: number('Quantity') })} />
            </label>
            <label>
              {t('Price')}
              <input inputMode="decimal" {...register(`${name}.${i}.price` as never, { validate: number('Price') })} />
            </label>
            <button type="button" onClick={() => remove(i)}>
              {t('Remove')}
            </button>
            {problems.map((p) => (
              <p key={p} role="alert" className="field-error">
                {p}
              </p>
            ))}
          </div>
        );
      })}
      <button type="button" onClick={() => append({ description: '', quantity: '1', price: '' } as never)}>
        {t('Add a line')}
      </button>
    </fieldset>
  );
}

type Item = { id: Id; label?: string; name?: string; [k: string]: unknown };

type EditorProps = {
  kind: RecordKind;
  /** The record to edit; without it the form creates one. */
  record?: Rec;
  onSaved: (record: Rec) => void;
  /** Load the stored record again (after a conflict, or when asked to). */
  onConflict?: () => void;
};

/** Create or edit one record on react-hook-form: required fields first, then the server's 422 under each field. */
export function RecordEditor({ kind, record, onSaved, onConflict }: EditorProps) {
  const { t } = useTranslation('operator');
  const id = useId();
  const { lookups } = useSession();
  const fields = fieldsFor(kind, Boolean(record));
  const form = useForm<Values>({ defaultValues: valuesOf(fields, record), mode: 'onSubmit' });
  const { register, control, handleSubmit, reset, setError, clearErrors, getValues, setValue, watch, formState } = form;
  const [conflict, setConflict] = useState(false);
  // A record loaded anew (after a save, a reload) resets the form to it, except the
  // load after a conflict: what was typed stays, now on top of the stored version.
  const keepTyped = useRef(false);
  const discardTyped = useRef(false);
  useEffect(() => {
    if (keepTyped.current && !discardTyped.current) keepTyped.current = false;
    else {
      keepTyped.current = false;
      discardTyped.current = false;
      reset(valuesOf(fields, record));
    }
    // fields follow from the kind, which does not change for a page.
  }, [kind, record, reset]); // eslint-disable-line react-hooks/exhaustive-deps
  useLinkedLabels(fields, record, (name) => getValues(name), setValue);
  const title = record ? t('Edit') : t(kind.newTitle);
  const picked = watch('company_id');
  const companyId = picked && typeof picked === 'object' && !Array.isArray(picked) ? picked.id : null;
  const labelOf = (name: string) => {
    const field = fields.find((f) => f.name === name);
    return field ? t(field.label) : name;
  };

  const submit = handleSubmit(async (values) => {
    const body = bodyOf(fields, values);
    if (record && kind.versioned && record.version !== undefined) body.version = record.version;
    try {
      // The body is built from the kind's fields at run time: it is the route's request
      // model as far as the kind names the API's fields (a 422 names any that is not).
      const create = kind.create ?? ((b: Record<string, unknown>) => createRecord(kind.route, b as NewRecord<RecordKindRoute>) as Promise<Rec>);
      const saved = record ? ((await updateRecord(kind.route, record.id, body as RecordChanges<RecordKindRoute>)) as Rec) : await create(body);
      toast.success(record ? t('Item updated.') : t('{model} created', { model: t(kind.model) }));
      setConflict(false);
      onSaved(saved);
    } catch (error) {
      // The API client already showed the server's message; what was typed stays.
      if (!(error instanceof ApiError)) return;
      if (error.status === 409 && onConflict) {
        setConflict(true);
        keepTyped.current = true;
        onConflict();
      } else if (error.status === 422) {
        const named = errorsByField(error.body?.errors);
        for (const [name, message] of Object.entries(named)) {
          const known = fields.some((f) => f.name === name);
          setError(known ? name : 'root.server', { type: 'server', message: fieldErrorText(t, labelOf(name), message) });
        }
      }
    }
  });

  const requiredRule = (field: FormField) => ({
    validate: (value: Value) => {
      if (field.required && isEmpty(value)) return t('{field} is required', { field: t(field.label) });
      if (field.type === 'number' && typeof value === 'string' && value.trim() && parseDecimal(value) === null) {
        return t('{field} must be a number', { field: t(field.label) });
      }
      return true;
    },
  });

  return (
    <form aria-label={title} className="record-form" noValidate onSubmit={(e) => void submit(e)}>
      <h2 className={record ? undefined : 'visually-hidden'}>{title}</h2>
      {fields.map((field) => {
        const label = t(field.label);
        const starred = field.required ? `${label} *` : label;
        const error = formState.errors[field.name]?.message;
        const errorId = `${id}-${field.name}-error`;
        const inputId = `${id}-${field.name}`;
        const aria = { 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? errorId : undefined };
        let input;
        if (field.type === 'record') {
          const listRoute = field.listRoute;
          const search = listRoute
            ? (text: string, signal: AbortSignal) =>
                searchRecords<SearchRow>(listRoute, text, field.byCompany ? companyId : null, signal).then((answer) => answer.data)
            : undefined;
          input = (
            <Controller
              name={field.name}
              control={control}
              rules={requiredRule(field)}
              render={({ field: f }) => (
                <SearchSelect
                  label={starred}
                  lookup={field.lookup ?? field.listRoute ?? ''}
                  value={f.value && typeof f.value === 'object' && !Array.isArray(f.value) ? f.value : null}
                  onChange={(option) => {
                    f.onChange(option);
                    if (field.name === 'company_id') {
                      for (const other of fields) if (other.type === 'record' && other.byCompany) setValue(other.name, null);
                    }
                  }}
                  constraints={field.byCompany ? { companyId } : field.name === 'company_id' ? { liveOnly: true } : undefined}
                  optionLabel={optionLabel}
                  search={search}
                />
              )}
            />
          );
        } else if (field.type === 'lines') {
          input = <LinesInput name={field.name} label={starred} control={control} register={register} errors={formState.errors} />;
        } else if (field.type === 'records') {
          input = (
            <Controller
              name={field.name}
              control={control}
              rules={requiredRule(field)}
              render={({ field: f }) => <RecordsInput label={starred} lookup={field.lookup} value={Array.isArray(f.value) ? (f.value as SearchOption[]) : []} onChange={f.onChange} />}
            />
          );
        } else if (field.type === 'number') {
          input = (
            <Controller
              name={field.name}
              control={control}
              rules={requiredRule(field)}
              render={({ field: f }) => <NumberInput label={starred} value={typeof f.value === 'string' ? f.value : ''} onChange={f.onChange} />}
            />
          );
        } else if (field.type === 'date') {
          input = (
            <Controller
              name={field.name}
              control={control}
              rules={requiredRule(field)}
              render={({ field: f }) => <DatePicker label={starred} value={typeof f.value === 'string' && f.value ? f.value : null} onChange={(v) => f.onChange(v ?? '')} />}
            />
          );
        } else if (field.type === 'boolean') {
          input = (
            <div className="field field-check">
              <input id={inputId} type="checkbox" {...register(field.name)} />
              <label htmlFor={inputId}>{label}</label>
            </div>
          );
        } else if (field.type === 'settings') {
          const items = (lookups?.[field.lookup] as Item[] | undefined) ?? [];
          input = (
            <fieldset className="field checks">
              <legend>{starred}</legend>
              {items.map((item) => (
                <label key={item.id}>
                  <input type="checkbox" value={String(item.id)} {...register(field.name, requiredRule(field))} /> {String(item.label ?? item.name)}
                </label>
              ))}
            </fieldset>
          );
        } else if (field.type === 'choice' || field.type === 'setting') {
          const options =
            field.type === 'choice'
              ? Object.entries(field.options).map(([key, name]) => ({ key, name: t(name) }))
              : ((lookups?.[field.lookup] as Item[] | undefined) ?? []).map((item) => {
                  const key = String(item[field.valueKey ?? 'id']);
                  const name = String(item.label ?? item.name ?? item.full_name ?? key);
                  return { key, name: field.translate?.[key] ? t(field.translate[key]) : name };
                });
          input = (
            <div className="field">
              <label htmlFor={inputId}>{starred}</label>
              <select id={inputId} {...aria} {...register(field.name, requiredRule(field))}>
                <option value="">{field.type === 'choice' && field.empty ? t(field.empty) : '—'}</option>
                {options.map((o) => (
                  <option key={o.key} value={o.key}>
                    {o.name}
                  </option>
                ))}
              </select>
            </div>
          );
        } else {
          const props = { id: inputId, ...aria, ...register(field.name, requiredRule(field)) };
          input = (
            <div className="field">
              <label htmlFor={inputId}>{starred}</label>
              {field.multiline ? <textarea rows={4} {...props} /> : <input type={field.email ? 'email' : 'text'} maxLength={field.maxLength ?? 250} {...props} />}
            </div>
          );
        }
        return (
          <div key={field.name} className="record-field">
            {input}
            {error && (
              <p role="alert" id={errorId} className="field-error">
                {error}
              </p>
            )}
          </div>
        );
      })}
      {formState.errors.root?.server && (
        <p role="alert" className="field-error">
          {formState.errors.root.server.message}
        </p>
      )}
      {conflict && (
        <div role="alert" className="field-error conflict">
          <p>
            {t('This record was changed by someone else.')} {t('Your values are kept here: save again to apply them to the current version.')}
          </p>
          <button
            type="button"
            onClick={() => {
              setConflict(false);
              clearErrors();
              discardTyped.current = true;
              onConflict?.();
            }}
          >
            {t('Reload')}
          </button>
        </div>
      )}
      <button type="submit" className="primary" disabled={formState.isSubmitting}>
        {record ? t('Save') : t(kind.createLabel ?? 'Create')}
      </button>
    </form>
  );
}

/** The 'New …' link a list shows to whoever may create such records. */
export function NewRecordLink({ kind }: { kind: RecordKind }) {
  const { t } = useTranslation('operator');
  const { can } = useSession();
  if (kind.creatable === false || !can(`${kind.permission ?? kind.route}.store`)) return null;
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

/** The edit form (for whoever may update) and the delete button (for whoever may delete). */
export function RecordActions({ kind, record, reload }: { kind: RecordKind; record: Rec; reload: () => void }) {
  const { t } = useTranslation('operator');
  const navigate = useNavigate();
  const { can } = useSession();
  const [dialog, confirm] = useConfirm();
  const deleteLabel = t(kind.deleteLabel ?? 'Delete');
  return (
    <>
      {can(`${kind.permission ?? kind.route}.update`) && <RecordEditor kind={kind} record={record} onSaved={reload} onConflict={reload} />}
      {kind.deletable !== false && can(`${kind.permission ?? kind.route}.destroy`) && (
        <button
          type="button"
          className="danger"
          onClick={async () => {
            try {
              await confirm(kind.deleteLabel ? t('Do you really want to deactivate {name}?', { name: kind.label(record) }) : undefined);
              // only a kind with a DELETE route (deletable) shows this button
              await deleteRecord(kind.route as RecordRoute<'delete'>, record.id);
              toast.success(kind.deleteLabel ? t('{name} deactivated', { name: kind.label(record) }) : t('Item deleted.'));
              navigate(routePath(`${kind.route}.index`), { replace: true });
            } catch (error) {
              if (error instanceof NotConfirmedError) return;
              // The API client already showed the server's message.
            }
          }}
        >
          {deleteLabel}
        </button>
      )}
      {dialog}
    </>
  );
}
