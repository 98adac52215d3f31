import { getList, type ListRequest } from '@/components/list/api/get-list';
import type { Contract } from './types';

export const getContracts = (req: Omit<ListRequest, 'route'>) => getList<Contract>({ ...req, route: 'contracts' });
