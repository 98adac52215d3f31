import type { Id } from '@/types/operator';
import { ArchivedName } from '@/components/display/badges';
import { RouteLink } from '@/components/display/route-link';
import { OperatorList } from '@/components/records/operator-list';
import { useTranslation } from '@/lib/i18n';
import { NewRecordLink } from '@/components/records/record-form';
import { ticketGroupKind } from '../../kind';
import { ResourceDetailPage } from '@/components/records/resource-pages';

export type TicketGroup = { id: Id; name: string; archived_at?: string | null; company?: { id: Id; name: string; archived_at?: string | null } | null };

export function TicketGroupsPage() {
  const { t } = useTranslation('operator');
  return (
    <>
      <NewRecordLink kind={ticketGroupKind} />
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

/** A ticket group: its company and whether it is archived; edit, archive and restore. */
export function TicketGroupDetailPage() {
  return <ResourceDetailPage kind={ticketGroupKind} />;
}
