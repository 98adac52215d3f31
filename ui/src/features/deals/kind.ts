import type { RecordKind } from '@/components/records/record-form';
import { clientFact, clientField, companyFact, companyField, described } from '@/components/records/kind-parts';

export const dealKind: RecordKind = {
  route: 'deals',
  model: 'Deal',
  plural: 'Deals',
  newTitle: 'New deal',
  show: 'deals.show',
  versioned: true,
  label: described,
  fields: [{ name: 'description', label: 'Description', type: 'text', required: true }, companyField, clientField],
  facts: [companyFact, clientFact],
};
