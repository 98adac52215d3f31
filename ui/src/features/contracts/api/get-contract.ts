import { client, unwrap } from '@/lib/api-client';
import { useDetail } from '@/lib/use-detail';
import type { ContractDetail } from './types';

/** GET /api/contracts/{id}: one contract (through the client given). */
export const loadContract = (id: string, api = client) =>
  unwrap(api.GET('/api/contracts/{record_id}', { params: { path: { record_id: id } } })) as Promise<ContractDetail>;

export const useContract = (id: string | undefined) => useDetail('contracts', id, loadContract);
