import { getList, type ListRequest } from '@/components/list/api/get-list';
import type { Ticket } from './types';

export const getTickets = (req: Omit<ListRequest, 'route'>) => getList<Ticket>({ ...req, route: 'tickets' });
