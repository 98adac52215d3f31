import { client, unwrap } from '@/lib/api-client';
import { useDetail } from '@/lib/use-detail';
import type { SubscriptionDetail } from './types';

const load = (id: string) =>
  unwrap(client.GET('/api/subscriptions/{record_id}', { params: { path: { record_id: id } } })) as Promise<SubscriptionDetail>;

export const useSubscription = (id: string | undefined) => useDetail('subscriptions', id, load);
