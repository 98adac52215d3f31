import type { Id } from '@/types/api';

export type Invoice = {
  id: Id;
  InvoiceCode: string;
  ReferenceNumber: string;
  AmountIncl: number;
  Date: string;
  Status: number;
  ViewURL: string;
};
