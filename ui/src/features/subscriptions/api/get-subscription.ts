import { useDetail } from '@/lib/use-detail';
import type { SubscriptionDetail } from './types';

export const useSubscription = (id: string | undefined) => useDetail<SubscriptionDetail>('subscriptions', id);
