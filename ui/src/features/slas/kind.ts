import type { RecordKind } from '@/components/records/record-form';
import { settingKind } from '@/components/records/kind-parts';

/** An SLA: a setting list with a response time. */
export const slaKind: RecordKind = settingKind('slas', 'SLA', 'SLAs', 'New SLA', [{ name: 'response_hours', label: 'Response time (hours)', type: 'number', required: true }], [
  { label: 'Response time (hours)', field: 'response_hours', as: 'text' },
]);
