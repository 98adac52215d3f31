import { client, unwrap } from '@/lib/api-client';
import { useDetail } from '@/lib/use-detail';
import type { SubscriptionDetail } from './types';

/** GET /api/subscriptions/{id}: one subscription (through the client given). */
export const loadSubscription = (id: string, api = client) =>
  unwrap(api.GET('/api/subscriptions/{record_id}', { params: { path: { record_id: id } } })) as Promise<SubscriptionDetail>;

export const useSubscription = (id: string | undefined) => useDetail('subscriptions', id, loadSubscription);
