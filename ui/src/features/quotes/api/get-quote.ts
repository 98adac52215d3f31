import { useDetail } from '@/lib/use-detail';
import type { QuoteDetail } from './types';

export const useQuote = (id: string | undefined) => useDetail<QuoteDetail>('quotes', id);
