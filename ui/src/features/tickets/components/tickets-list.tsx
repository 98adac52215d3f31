import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { ListScreen } from '@/components/list/list-screen';
import type { ListConfig } from '@/components/list/types';
import { Badge, dateTimeCell, nameCell } from '@/lib/columns';
import { truncate } from '@/lib/format';
import { useLookupLabel, useTranslation } from '@/lib/i18n';
import { useSession } from '@/lib/session';
import type { Ticket } from '../api/types';

export function TicketsList() {
  const { t, language } = useTranslation();
  const lookupLabel = useLookupLabel();
  const { lookups, can } = useSession();
  const canCreate = can('tickets.create');
  const config = useMemo<ListConfig<Ticket>>(
    () => ({
      route: 'tickets',
      model: 'model.tickets',
      title: 'nav.tickets',
      defaultOrder: { field: 'updated_at', direction: 'desc' },
      rowKey: (x) => x.id,
      detailPath: (x) => `/tickets/${x.id}`,
      cardTitle: (x) => `${x.reference} ${truncate(x.description, 50)}`,
      actions: canCreate ? (
        <Link className="button primary" to="/tickets/create">
          {t('ticket.new')}
        </Link>
      ) : undefined,
      columns: [
        { id: 'reference', label: 'col.reference', cell: (x) => x.reference, sort: { field: 'reference' }, filter: { type: 'string', field: 'reference' } },
        {
          id: 'status',
          label: 'col.status',
          cell: (x) => <Badge text={lookupLabel(x.status?.name_client)} tone={x.status?.style_client} />,
          sort: { field: 'status_id' },
          filter: {
            type: 'multi_select',
            field: 'status_id',
            options: (lookups?.ticket_statuses ?? []).map((s) => ({ value: String(s.id), label: s.name_client || s.label })),
          },
        },
        { id: 'description', label: 'col.description', cell: (x) => truncate(x.description, 50), sort: { field: 'description' }, filter: { type: 'string', field: 'description' } },
        { id: 'company', label: 'col.company', cell: (x) => nameCell(x.company), sort: { field: 'name', relation: 'company' }, filter: { type: 'relation', relation: 'company', field: 'name' } },
        { id: 'client', label: 'col.client', cell: (x) => nameCell(x.client, 30), sort: { field: 'full_name', relation: 'client' }, filter: { type: 'relation', relation: 'client', field: 'full_name' } },
        { id: 'updated', label: 'col.updated', cell: (x) => dateTimeCell(x.updated_at, language), sort: { field: 'updated_at' }, filter: { type: 'date_between', field: 'updated_at' } },
        { id: 'created', label: 'col.created', hidden: true, cell: (x) => dateTimeCell(x.created_at, language), sort: { field: 'created_at' }, filter: { type: 'date_between', field: 'created_at' } },
        { id: 'closed', label: 'col.closed', hidden: true, cell: (x) => dateTimeCell(x.resolved_at, language), sort: { field: 'resolved_at' }, filter: { type: 'date_between', field: 'resolved_at' } },
      ],
    }),
    [t, language, lookups, canCreate],
  );
  return <ListScreen config={config} />;
}
