import { useMemo } from 'react';
import { ListScreen } from '@/components/list/list-screen';
import type { ListConfig } from '@/components/list/types';
import { Badge, dateCell, nameCell } from '@/lib/columns';
import { useTranslation, type MessageKey } from '@/lib/i18n';
import type { Quote } from '../api/types';

export const quoteStatusKey = (id: number) => `quote.status.${id}` as MessageKey;

export function QuotesList() {
  const { t, language } = useTranslation();
  const config = useMemo<ListConfig<Quote>>(
    () => ({
      route: 'quotes',
      model: 'model.quotes',
      title: 'nav.quotes',
      defaultOrder: { field: 'name', direction: 'asc' },
      rowKey: (q) => q.id,
      detailPath: (q) => `/quotes/${q.id}`,
      cardTitle: (q) => q.name,
      columns: [
        { id: 'name', label: 'col.name', cell: (q) => q.name, sort: { field: 'name' }, filter: { type: 'string', field: 'name' } },
        {
          id: 'status',
          label: 'col.status',
          cell: (q) => <Badge text={t(quoteStatusKey(q.status_id))} tone={`quote-${q.status_id}`} />,
          sort: { field: 'status_id' },
          filter: {
            type: 'multi_select',
            field: 'status_id',
            options: [1, 2, 3, 4].map((s) => ({ value: String(s), label: t(quoteStatusKey(s)) })),
          },
        },
        {
          id: 'client',
          label: 'col.client',
          cell: (q) => nameCell(q.client, 30),
          sort: { field: 'full_name', relation: 'client' },
          filter: { type: 'relation', relation: 'client', field: 'full_name' },
        },
        {
          id: 'company',
          label: 'col.company',
          cell: (q) => nameCell(q.company),
          sort: { field: 'name', relation: 'company' },
          filter: { type: 'relation', relation: 'company', field: 'name' },
        },
        {
          id: 'updated',
          label: 'col.updated',
          cell: (q) => dateCell(q.updated_at, language),
          sort: { field: 'updated_at' },
          filter: { type: 'date_between', field: 'updated_at' },
        },
        {
          id: 'created',
          label: 'col.created',
          hidden: true,
          cell: (q) => dateCell(q.created_at, language),
          sort: { field: 'created_at' },
          filter: { type: 'date_between', field: 'created_at' },
        },
      ],
    }),
    [t, language],
  );
  return <ListScreen config={config} />;
}
