import type { Id, Named } from '@/types/operator';
import { ArchivedName, Truncated } from '@/components/display/badges';
import { RouteLink } from '@/components/display/route-link';
import { TRUNCATE } from '@/lib/truncate';
import type { OperatorColumn } from './operator-list';

/** What deals, projects and used products have in common: a description and a company. */
export type Engagement = { id: Id; description: string; company?: Named | null };

export const companyCell: OperatorColumn<Engagement> = {
  id: 'company',
  label: 'Company',
  cell: (r) => (r.company ? <ArchivedName record={r.company} /> : null),
};

/** The description, linked to the record's page (the route name `name`). */
export const describedCell = (name: string): OperatorColumn<Engagement> => ({
  id: 'description',
  label: 'Description',
  cell: (r) => (
    <RouteLink name={name} id={r.id}>
      <Truncated text={r.description} length={TRUNCATE.text} />
    </RouteLink>
  ),
});
