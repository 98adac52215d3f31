import { formatDateTime } from '@/lib/format';
import { DetailScreen } from '../detail-screen';
import type { OperatorKey } from '@/lib/i18n';

type AnyRecord = { id: number | string; [k: string]: unknown };

const labelOf = (r: AnyRecord) => String(r.label ?? r.name ?? r.full_name ?? r.reference ?? r.description ?? `#${r.id}`);

function show(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value)) return formatDateTime(value);
  if (typeof value === 'object') return labelOf(value as AnyRecord);
  return String(value);
}

/** The named routes without a page of their own: every plain field, read only. */
export function GenericDetailPage({ route, modelName }: { route: string; modelName: OperatorKey }) {
  return (
    <DetailScreen<AnyRecord> route={route} modelName={modelName} label={labelOf}>
      {({ record }) => (
        <dl className="detail-list">
          {Object.entries(record)
            .filter(([k, v]) => k !== 'id' && !Array.isArray(v))
            .map(([k, v]) => (
              <div key={k}>
                <dt>{k}</dt>
                <dd>{show(v)}</dd>
              </div>
            ))}
        </dl>
      )}
    </DetailScreen>
  );
}
