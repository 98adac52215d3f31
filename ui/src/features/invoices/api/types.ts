import type { components } from '@/types/api';

export type Invoice = components['schemas']['InvoiceRow'];
