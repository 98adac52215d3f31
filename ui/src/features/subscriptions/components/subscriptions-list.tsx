import { useMemo } from 'react';
import { ListScreen } from '@/components/list/list-screen';
import type { ListConfig } from '@/components/list/types';
import { dateCell, euroCell, nameCell } from '@/lib/columns';
import { useLookupLabel, useTranslation } from '@/lib/i18n';
import type { Subscription } from '../api/types';

export function SubscriptionsList() {
  const { t, language } = useTranslation();
  const lookupLabel = useLookupLabel();
  const config = useMemo<ListConfig<Subscription>>(
    () => ({
      route: 'subscriptions',
      model: 'model.subscriptions',
      title: 'nav.subscriptions',
      defaultOrder: { field: 'next_billing_date', direction: 'asc' },
      rowKey: (s) => s.id,
      detailPath: (s) => `/subscriptions/${s.id}`,
      cardTitle: (s) => s.description,
      columns: [
        { id: 'description', label: 'col.description', cell: (s) => s.description, sort: { field: 'description' }, filter: { type: 'string', field: 'description' } },
        {
          id: 'company',
          label: 'col.company',
          cell: (s) => nameCell(s.company),
          sort: { field: 'name', relation: 'company' },
          filter: { type: 'relation', relation: 'company', field: 'name' },
        },
        { id: 'total', label: 'col.total', cell: (s) => euroCell(s.total), sort: { field: 'total' }, filter: { type: 'lte', field: 'total' } },
        { id: 'monthly', label: 'col.monthly', cell: (s) => euroCell(s.mrr), sort: { field: 'mrr' }, filter: { type: 'lte', field: 'mrr' } },
        {
          id: 'period',
          label: 'col.period',
          cell: (s) => lookupLabel(s.period_label ?? s.period),
          sort: { field: 'period' },
          filter: {
            type: 'select',
            field: 'period',
            options: [
              { value: 'month', label: t('period.month') },
              { value: 'quarter', label: t('period.quarter') },
              { value: 'year', label: t('period.year') },
            ],
          },
        },
        {
          id: 'next_invoice',
          label: 'col.next_invoice',
          cell: (s) => dateCell(s.next_billing_date, language),
          sort: { field: 'next_billing_date' },
          filter: { type: 'date_between', field: 'next_billing_date' },
        },
        {
          id: 'direct_debit',
          label: 'col.direct_debit',
          cell: (s) => (s.direct_debit ? t('common.yes') : t('common.no')),
          sort: { field: 'direct_debit' },
          filter: { type: 'boolean', field: 'direct_debit' },
        },
        {
          id: 'termination',
          label: 'col.termination',
          cell: (s) => dateCell(s.termination_date, language),
          sort: { field: 'termination_date' },
          filter: { type: 'date_between', field: 'termination_date' },
        },
        { id: 'updated', label: 'col.updated', cell: (s) => dateCell(s.updated_at, language), sort: { field: 'updated_at' }, filter: { type: 'date_between', field: 'updated_at' } },
        { id: 'created', label: 'col.created', cell: (s) => dateCell(s.created_at, language), sort: { field: 'created_at' }, filter: { type: 'date_between', field: 'created_at' } },
      ],
    }),
    [t, language],
  );
  return <ListScreen config={config} />;
}
