import type { RecordKind } from '@/components/records/record-form';
import { companyFact, companyField, described } from '@/components/records/kind-parts';

export const projectKind: RecordKind = {
  route: 'projects',
  model: 'Project',
  plural: 'Projects',
  newTitle: 'New project',
  show: 'project.show',
  versioned: true,
  label: described,
  fields: [
    { name: 'description', label: 'Description', type: 'text', required: true },
    companyField,
    { name: 'deal_id', label: 'Deal', type: 'record', listRoute: 'deals', byCompany: true },
  ],
  facts: [companyFact],
};
