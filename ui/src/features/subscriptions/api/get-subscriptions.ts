import { getList, type ListRequest } from '@/components/list/api/get-list';
import type { Subscription } from './types';

export const getSubscriptions = (req: Omit<ListRequest, 'route'>) =>
  getList<Subscription>({ ...req, route: 'subscriptions' });
