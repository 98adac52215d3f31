import { startTransition, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { getRecord, updateRecord, type RecordChanges, type RecordRoute } from '@/components/records/api/resources';
import { useReloadData } from '@/lib/use-reload-data';
import { useTranslation, type OperatorKey } from '@/lib/i18n';
import { OPERATOR_BASE } from '@/lib/workspace-paths';
import { useSession } from '@/lib/session';

// The records whose history an auditor may open (GET /api/audit/{route}/{id}/events).
const AUDITED = new Set(['tickets', 'quotes', 'contracts', 'invoices', 'subscriptions', 'assets', 'companies', 'deals', 'projects', 'used-products', 'clients', 'operators', 'locations', 'ticket-groups']);

/** What a record's page may send: the body of one of the API's PUT /{route}/{id}. */
export type RecordSave = (changes: RecordChanges<RecordRoute<'put'>>) => Promise<void>;
export type DetailApi<T> = { record: T; save: RecordSave; reload: () => void };

type Props<T> = {
  /** A collection with GET /api/{route}/{id}; save needs its PUT too. */
  route: RecordRoute<'get'>;
  /** The model's name, shown after the record label in the page title. */
  modelName: OperatorKey;
  label: (record: T) => string;
  withRelations?: string[];
  /** The id; defaults to the route's :id. */
  id?: string | number;
  /** How to read the record when it is not GET /{route}/{id} (a ticket's full view). */
  load?: (id: string | number) => Promise<T>;
  children: (api: DetailApi<T>) => ReactNode;
};

/**
 * Loads GET /api/{route}/{id} with its relations, titles the page, reloads on the global
 * 'reload-data' event, and on save PUTs the changes, says 'updated' and reloads.
 */
export function DetailScreen<T>({ route, modelName, label, withRelations = [], id, load: loadRecord, children }: Props<T>) {
  const { t } = useTranslation('operator');
  const { can } = useSession();
  const params = useParams();
  const navigate = useNavigate();
  const recordId = id ?? params.id;
  const [record, setRecord] = useState<T | null>(null);
  const [failed, setFailed] = useState(false);
  const relations = withRelations.join(',');
  // A new load closure each render must not reload the record.
  const reader = useRef(loadRecord);
  reader.current = loadRecord;

  const load = useCallback(() => {
    if (recordId === undefined) return;
    // The page names the shape it reads (T) of the route's answer.
    (reader.current ? reader.current(recordId) : (getRecord(route, recordId, { withRelations: relations ? relations.split(',') : [] }) as Promise<T>))
      .then((r) => {
        // A record page is large (a ticket's thread and forms): drawn as a transition, in
        // slices between which the browser stays responsive (see main.tsx).
        startTransition(() => {
          setRecord(r);
          setFailed(false);
        });
      })
      .catch((e: unknown) => {
        // A missing record sends the operator back to the list (SPEC §8).
        if (e instanceof ApiError && e.status === 404) navigate(`${OPERATOR_BASE}/${route}`, { replace: true });
        else setFailed(true);
      });
  }, [route, recordId, relations, navigate]);

  useEffect(load, [load]);
  useReloadData(load);

  const title = record ? `${label(record)} ${t(modelName)}` : null;
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);

  const save = useCallback(
    async (changes: RecordChanges<RecordRoute<'put'>>) => {
      if (recordId === undefined) return;
      // only the pages of a collection with a PUT call save
      await updateRecord(route as RecordRoute<'put'>, recordId, changes);
      toast.success(t('updated'));
      load();
    },
    [route, recordId, load],
  );

  if (failed) return <p role="alert">{t('Could not load this {model}.', { model: t(modelName).toLowerCase() })}</p>;
  if (!record) return <p role="status">{t('Loading…')}</p>;
  return (
    <article className="detail-screen">
      <h1>{title}</h1>
      {AUDITED.has(route) && can('audit.view') && (
        <p className="history-link">
          <Link to={`${OPERATOR_BASE}/audit/${route}/${String(recordId)}`}>{t('History')}</Link>
        </p>
      )}
      {children({ record, save, reload: load })}
    </article>
  );
}
