import { getList, type ListRequest } from '@/components/list/api/get-list';
import type { Quote } from './types';

export const getQuotes = (req: Omit<ListRequest, 'route'>) => getList<Quote>({ ...req, route: 'quotes' });
