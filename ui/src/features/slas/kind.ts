import type { RecordKind } from '@/components/records/record-form';
import { settingKind } from '@/components/records/kind-parts';

/** An SLA policy: a setting item whose clock (calendar, targets per priority, pausing
 * statuses, warning) is edited on its page (components/operator/sla-policy-form). */
export const slaKind: RecordKind = settingKind('slas', 'SLA', 'SLAs', 'New SLA', [], []);
