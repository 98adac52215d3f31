import type { components } from '@/types/api';

export type SubscriptionLine = components['schemas']['Line'];
export type Subscription = components['schemas']['SubscriptionRow'];
export type SubscriptionDetail = components['schemas']['SubscriptionDetail'];
