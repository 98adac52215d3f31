import { client, unwrap } from '@/lib/api-client';
import { useDetail } from '@/lib/use-detail';
import type { ContractDetail } from './types';

const load = (id: string) =>
  unwrap(client.GET('/api/contracts/{record_id}', { params: { path: { record_id: id } } })) as Promise<ContractDetail>;

export const useContract = (id: string | undefined) => useDetail('contracts', id, load);
