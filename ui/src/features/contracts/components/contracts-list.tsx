import { useMemo } from 'react';
import { ListScreen } from '@/components/list/list-screen';
import type { ListConfig } from '@/components/list/types';
import { dateCell, nameCell } from '@/lib/columns';
import { formatMinutes } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import type { Contract } from '../api/types';
import { periodName } from './contract-detail';

export function ContractsList() {
  const { t, language } = useTranslation();
  const config = useMemo<ListConfig<Contract>>(
    () => ({
      route: 'contracts',
      model: 'model.contracts',
      title: 'nav.contracts',
      defaultOrder: { field: 'name', direction: 'asc' },
      rowKey: (c) => c.id,
      detailPath: (c) => `/contracts/${c.id}`,
      cardTitle: (c) => c.name,
      columns: [
        { id: 'name', label: 'col.name', cell: (c) => c.name, sort: { field: 'name' }, filter: { type: 'string', field: 'name' } },
        {
          id: 'client',
          label: 'col.client',
          cell: (c) => nameCell(c.client, 30),
          sort: { field: 'full_name', relation: 'client' },
          filter: { type: 'relation', relation: 'client', field: 'full_name' },
        },
        {
          id: 'period',
          label: 'col.period',
          cell: (c) => periodName(t, c.period),
          sort: { field: 'period' },
          filter: {
            type: 'multi_select',
            field: 'period',
            none: true,
            options: [
              { value: 'month', label: t('period.month') },
              { value: 'quarter', label: t('period.quarter') },
              { value: 'year', label: t('period.year') },
            ],
          },
        },
        {
          id: 'remaining',
          label: 'col.remaining',
          cell: (c) => formatMinutes(c.minutes_remaining),
          sort: { field: 'minutes_remaining' },
          filter: { type: 'lte', field: 'minutes_remaining' },
        },
        {
          id: 'start',
          label: 'col.start_date',
          cell: (c) => dateCell(c.start_date, language),
          sort: { field: 'start_date' },
          filter: { type: 'date_between', field: 'start_date' },
        },
        {
          id: 'end',
          label: 'col.end_date',
          cell: (c) => dateCell(c.end_date, language),
          sort: { field: 'end_date' },
          filter: { type: 'date_between', field: 'end_date' },
        },
        { id: 'service', label: 'col.service', cell: (c) => c.service?.label ?? '' },
      ],
    }),
    [t, language],
  );
  return <ListScreen config={config} />;
}
