import { useState, type ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { RecordFacts, useFactValue, type Fact } from '@/components/display/record-facts';
import { RouteLink } from '@/components/display/route-link';
import { DetailScreen } from './detail-screen';
import { mergeBuilders } from '@/lib/builder';
import { searchSelectFilter, textFilter } from '@/components/filters/filter-builders';
import { SearchSelect, type SearchOption } from '@/components/filters/search-select';
import { TextFilter } from '@/components/filters/text-filter';
import { OperatorList, type OperatorColumn } from './operator-list';
import { archiveRecord, type ArchivableRoute } from './api/resources';
import { detailRelations } from './kind-parts';
import { NewRecordLink, RecordActions, RecordCreatePage, type Rec, type RecordKind } from './record-form';

/** One list cell: the fact's formatted value; the first column links to the record. */
function FactCell({ fact, row, link }: { fact: Fact; row: Rec; link?: string }) {
  const valueOf = useFactValue();
  const shown = valueOf(fact, row);
  if (!link) return <>{shown}</>;
  return (
    <RouteLink name={link} id={row.id}>
      {shown ?? String(row.id)}
    </RouteLink>
  );
}

/** A kind's list: its columns, a text filter, and 'New …' for whoever may create. */
export function ResourceListPage({ kind }: { kind: RecordKind }) {
  const { t } = useTranslation('operator');
  const [text, setText] = useState('');
  const [company, setCompany] = useState<SearchOption | null>(null);
  const filter = mergeBuilders(kind.searchField ? textFilter(kind.searchField, text) : {}, kind.companyFilter ? searchSelectFilter('company_id', company?.id ?? null) : {});
  const columns: OperatorColumn<Rec>[] = (kind.columns ?? []).map((fact, i) => ({
    id: fact.field,
    label: fact.label,
    cell: (row) => <FactCell fact={fact} row={row} link={i === 0 ? kind.show : undefined} />,
  }));
  return (
    <>
      <NewRecordLink kind={kind} />
      <OperatorList<Rec>
        route={kind.route}
        title={t(kind.plural ?? kind.model)}
        columns={columns}
        order={kind.order ?? ['name', 'asc']}
        filter={filter}
        filters={
          <>
            {kind.searchField && <TextFilter label={t('Search')} value={text} onChange={setText} />}
            {kind.companyFilter && <SearchSelect label={t('Company')} lookup="companies" value={company} onChange={setCompany} />}
          </>
        }
      />
    </>
  );
}

/** Archive and restore, where the kind has them; the name is then struck through in lists. */
function ArchiveToggle({ kind, record, reload }: { kind: RecordKind; record: Rec; reload: () => void }) {
  const { t } = useTranslation('operator');
  const { can } = useSession();
  const [busy, setBusy] = useState(false);
  if (!kind.archivable || !can(`${kind.permission ?? kind.route}.update`)) return null;
  const archived = Boolean(record.archived_at);
  return (
    <button
      type="button"
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        try {
          // only a kind with archive and restore routes (archivable) shows this button
          await archiveRecord(kind.route as ArchivableRoute, record.id, !archived);
          toast.success(archived ? t('{model} restored', { model: t(kind.model) }) : t('{model} archived', { model: t(kind.model) }));
          reload();
        } catch {
          // The API client already showed the server's message.
        } finally {
          setBusy(false);
        }
      }}
    >
      {archived ? t('Restore') : t('Archive')}
    </button>
  );
}

/** A record's page: its values labelled and formatted, then the edit form, archive and delete. */
export function ResourceDetailPage({ kind, more }: { kind: RecordKind; more?: (record: Rec) => ReactNode }) {
  const { t } = useTranslation('operator');
  return (
    <DetailScreen<Rec> route={kind.route} modelName={kind.model} label={kind.label} withRelations={detailRelations(kind)}>
      {({ record, reload }) => (
        <div className="resource-detail">
          {kind.facts && (
            <section aria-label={t('Details')} className="detail-card">
              <RecordFacts facts={kind.facts} record={record} />
            </section>
          )}
          {more?.(record)}
          <section className="detail-card record-actions">
            <RecordActions kind={kind} record={record} reload={reload} />
            <ArchiveToggle kind={kind} record={record} reload={reload} />
          </section>
        </div>
      )}
    </DetailScreen>
  );
}

export { RecordCreatePage as ResourceCreatePage };
