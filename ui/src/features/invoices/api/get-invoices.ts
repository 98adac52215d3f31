import { getList, type ListRequest } from '@/components/list/api/get-list';
import type { Invoice } from './types';

export const INVOICES_VERSION = 2;
export const getInvoices = (req: Omit<ListRequest, 'route' | 'version'>) =>
  getList<Invoice>({ ...req, route: 'invoices', version: INVOICES_VERSION });
