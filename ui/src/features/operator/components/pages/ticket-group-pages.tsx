import { useState } from 'react';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import { formatDateTime } from '@/lib/format';
import { archiveTicketGroup, restoreTicketGroup } from '../../api/archive-ticket-group';
import type { Id } from '../../types';
import { ArchivedName } from '../display/badges';
import { RouteLink } from '../display/route-link';
import { DetailScreen } from '../detail-screen';
import { OperatorList } from '../operator-list';
import { useTranslation } from '@/lib/i18n';
import { NewRecordLink, RECORD_KINDS, RecordActions } from './record-form';

export type TicketGroup = { id: Id; name: string; archived_at?: string | null; company?: { id: Id; name: string; archived_at?: string | null } | null };

export function TicketGroupsPage() {
  const { t } = useTranslation('operator');
  return (
    <>
      <NewRecordLink kind={RECORD_KINDS['ticket-groups']} />
      <OperatorList<TicketGroup>
        route="ticket-groups"
        title={t('Ticket groups')}
        order={['name', 'asc']}
        columns={[
          {
            id: 'name',
            label: 'Name',
            cell: (g) => (
              <RouteLink name="ticket-groups.show" id={g.id}>
                <ArchivedName record={g} />
              </RouteLink>
            ),
          },
          { id: 'company', label: 'Company', cell: (g) => (g.company ? <ArchivedName record={g.company} /> : null) },
        ]}
      />
    </>
  );
}

function ArchiveToggle({ group, reload }: { group: TicketGroup; reload: () => void }) {
  const { t } = useTranslation('operator');
  const { can } = useSession();
  const [busy, setBusy] = useState(false);
  if (!can('ticket-groups.update')) return null;
  const archived = Boolean(group.archived_at);
  return (
    <button
      type="button"
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        try {
          if (archived) await restoreTicketGroup(group.id);
          else await archiveTicketGroup(group.id);
          toast.success(archived ? t('Ticket group restored') : t('Ticket group archived'));
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

/** A ticket group: its company and whether it is archived; archive and restore. */
export function TicketGroupDetailPage() {
  return (
    <DetailScreen<TicketGroup> route="ticket-groups" modelName="Ticket group" label={(g) => g.name} withRelations={['company']}>
      {({ record, reload }) => (
        <>
          <dl className="detail-list">
            <div>
              <dt>Name</dt>
              <dd>
                <ArchivedName record={record} />
              </dd>
            </div>
            <div>
              <dt>Company</dt>
              <dd>
                {record.company ? (
                  <RouteLink name="companies.show" id={record.company.id}>
                    <ArchivedName record={record.company} />
                  </RouteLink>
                ) : null}
              </dd>
            </div>
            <div>
              <dt>Archived</dt>
              <dd>{record.archived_at ? formatDateTime(record.archived_at) : 'No'}</dd>
            </div>
          </dl>
          <ArchiveToggle group={record} reload={reload} />
          <RecordActions kind={RECORD_KINDS['ticket-groups']} record={record} reload={reload} />
        </>
      )}
    </DetailScreen>
  );
}
