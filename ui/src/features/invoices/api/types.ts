import type { Id } from '@/types/models';

export type Invoice = {
  id: Id;
  InvoiceCode: string;
  ReferenceNumber: string;
  AmountIncl: number;
  Date: string;
  Status: number;
  ViewURL: string;
};
