import { useDetail } from '@/lib/use-detail';
import type { ContractDetail } from './types';

export const useContract = (id: string | undefined) => useDetail<ContractDetail>('contracts', id);
