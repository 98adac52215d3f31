import { useMemo } from 'react';
import { ListScreen } from '@/components/list/list-screen';
import { ExpiryDate } from '@/components/ui/tone-badge';
import type { ListConfig } from '@/components/list/types';
import { dateCell, nameCell } from '@/lib/columns';
import { truncate } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { useSession } from '@/lib/session';
import type { Asset } from '../api/types';

export function AssetsList() {
  const { language } = useTranslation();
  const { lookups } = useSession();
  const config = useMemo<ListConfig<Asset>>(
    () => ({
      route: 'assets',
      model: 'model.assets',
      title: 'nav.assets',
      defaultOrder: { field: 'name', direction: 'asc' },
      rowKey: (a) => a.id,
      detailPath: (a) => `/assets/${a.id}`,
      cardTitle: (a) => a.name,
      columns: [
        { id: 'name', label: 'col.name', cell: (a) => a.name, sort: { field: 'name' }, filter: { type: 'string', field: 'name' } },
        { id: 'company', label: 'col.company', cell: (a) => nameCell(a.company), sort: { field: 'name', relation: 'company' }, filter: { type: 'relation', relation: 'company', field: 'name' } },
        { id: 'client', label: 'col.client', cell: (a) => nameCell(a.client, 30), sort: { field: 'full_name', relation: 'client' }, filter: { type: 'relation', relation: 'client', field: 'full_name' } },
        { id: 'location', label: 'col.location', hidden: true, cell: (a) => nameCell(a.location), filter: { type: 'relation', relation: 'location', field: 'name' } },
        { id: 'updated', label: 'col.updated', cell: (a) => dateCell(a.updated_at, language), sort: { field: 'updated_at' }, filter: { type: 'date_between', field: 'updated_at' } },
        {
          id: 'categories',
          label: 'col.categories',
          cell: (a) => a.categories.map((c) => c.label).join(', '),
          filter: {
            type: 'multi_select',
            field: 'category_id',
            options: (lookups?.asset_categories ?? []).map((c) => ({ value: String(c.id), label: c.label })),
          },
        },
        { id: 'created', label: 'col.created', cell: (a) => dateCell(a.created_at, language), sort: { field: 'created_at' }, filter: { type: 'date_between', field: 'created_at' } },
        { id: 'description', label: 'col.description', cell: (a) => truncate(a.description, 35), filter: { type: 'string', field: 'description' } },
        { id: 'serial', label: 'col.serial', cell: (a) => a.serial_number ?? '', sort: { field: 'serial_number' }, filter: { type: 'string', field: 'serial_number' } },
        { id: 'tracking', label: 'col.tracking', cell: (a) => a.tracking_number ?? '', sort: { field: 'tracking_number' }, filter: { type: 'string', field: 'tracking_number' } },
        { id: 'warranty', label: 'col.warranty', cell: (a) => <ExpiryDate value={a.warranty_until} />, sort: { field: 'warranty_until' }, filter: { type: 'date_between', field: 'warranty_until' } },
      ],
    }),
    [language, lookups],
  );
  return <ListScreen config={config} />;
}
