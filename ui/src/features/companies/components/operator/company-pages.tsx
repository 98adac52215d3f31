import { useState } from 'react';
import type { Company } from '@/types/operator';
import { ArchivedName } from '@/components/display/badges';
import { RouteLink } from '@/components/display/route-link';
import { YesNoFilter } from '@/components/filters/schedule-filter';
import { TextFilter } from '@/components/filters/text-filter';
import { textFilter } from '@/components/filters/filter-builders';
import { OperatorList, type OperatorColumn } from '@/components/records/operator-list';
import { CompanyMergeDialog } from './company-merge';
import { NewRecordLink } from '@/components/records/record-form';
import { companyKind } from '../../kind';
import { ResourceDetailPage } from '@/components/records/resource-pages';
import type { Builder } from '@/lib/builder';
import { useTranslation } from '@/lib/i18n';

const columns: OperatorColumn<Company>[] = [
  {
    id: 'name',
    label: 'Name',
    cell: (c) => (
      <RouteLink name="companies.show" id={c.id}>
        <ArchivedName record={c} />
      </RouteLink>
    ),
  },
  { id: 'address', label: 'Address', cell: (c) => c.address_1 },
  { id: 'city', label: 'City', cell: (c) => c.city },
];

export function CompaniesPage() {
  const { t } = useTranslation('operator');
  const [name, setName] = useState('');
  const [archived, setArchived] = useState<'' | '0' | '1'>('0');
  // the ticked ids in ticking order (the first survives) and how to clear them
  const [merging, setMerging] = useState<{ ids: (number | string)[]; done: () => void } | null>(null);
  // Archived is a date, so yes/no becomes a null test rather than = 0/1.
  const filter: Builder = { ...textFilter('name', name) };
  if (archived === '1') filter.whereNotNull = ['archived_at'];
  if (archived === '0') filter.whereNull = ['archived_at'];
  return (
    <>
      <NewRecordLink kind={companyKind} />
      <OperatorList<Company>
        route="companies"
        title={t('Companies')}
        columns={columns}
        filter={filter}
        order={['name', 'asc']}
        selectable
        filters={
          <>
            <TextFilter label={t('Name')} value={name} onChange={setName} />
            <YesNoFilter label={t('Archived')} value={archived} onChange={setArchived} />
          </>
        }
        actions={(selected, done) => (
          <button
            type="button"
            disabled={selected.length < 2}
            onClick={() => setMerging({ ids: [...selected], done })}
          >
            {t('Merge')}
          </button>
        )}
      />
      {merging && (
        <CompanyMergeDialog
          ids={merging.ids}
          onClose={() => setMerging(null)}
          onMerged={() => {
            merging.done();
            setMerging(null);
          }}
        />
      )}
    </>
  );
}

/** A company: its values, the edit form, archive or restore, and delete. */
export function CompanyDetailPage() {
  return <ResourceDetailPage kind={companyKind} />;
}
