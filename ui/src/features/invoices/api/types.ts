export type Invoice = {
  id: number;
  InvoiceCode: string;
  ReferenceNumber: string;
  AmountIncl: number;
  Date: string;
  Status: number;
  ViewURL: string;
};
