import { quietClient, unwrap } from '@/lib/api-client';

export type Product = { id: number | string; product_code: string; product_name: string; price?: string | number; [field: string]: unknown };

/** GET /api/products/search?search=text: products by code or name (at least 2 characters). */
export const searchProducts = (text: string, signal?: AbortSignal) =>
  unwrap(quietClient.GET('/api/products/search', { params: { query: { search: text } }, signal })) as Promise<Product[]>;
