// A signed-in operator for the operator feature's tests.
import type { Session } from '@/lib/session';
import { signedIn } from './test-utils';

export const operators = [
  { id: '21', full_name: 'Olga Operator', is_operator: 1 },
  { id: '22', full_name: 'Otto Second', is_operator: 2 },
  { id: '23', full_name: 'Petra Planner', is_operator: 1 },
];

export function operatorSession(permissions: string[] = ['messages.store']): Partial<Session> {
  const base = signedIn({ id: '21', full_name: 'Olga Operator', is_operator: 1, permissions_names: permissions });
  return {
    ...base,
    lookups: {
      ...base.lookups!,
      operators,
      ticket_statuses: [
        { id: 1, label: 'Open', order: 1, is_default: true, name: 'Open', name_client: 'Open', style: 'info', style_client: 'info', type: 1 },
        { id: 2, label: 'Closed', order: 2, is_default: false, name: 'Closed', name_client: 'Closed', style: 'ok', style_client: 'ok', type: 2 },
      ],
      activities: [{ id: 1, label: 'Support', order: 1, is_default: false }],
    },
  };
}
