import { ResourceDetailPage } from '@/components/records/resource-pages';
import type { components } from '@/types/api';
import { slaKind } from '../../kind';
import { SlaPolicyForm } from './sla-policy-form';

/** An SLA: its name and default flag as every setting item, and its clock's policy. */
export function SlaPage() {
  return <ResourceDetailPage kind={slaKind} more={(record) => <SlaPolicyForm key={String(record.id)} sla={record as unknown as components['schemas']['SLAItem']} />} />;
}
