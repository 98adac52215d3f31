import { getList, type ListRequest } from '@/components/list/api/get-list';
import type { Asset } from './types';

export const getAssets = (req: Omit<ListRequest, 'route'>) => getList<Asset>({ ...req, route: 'assets' });
