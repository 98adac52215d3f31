import { describe, expect, expectTypeOf, it } from 'vitest';
import { listPath, type ListRoute } from '@/lib/api-routes';
import type { OrderedRoute } from '@/components/records/api/resources';

describe('API routes read from the generated paths', () => {
  it('takes a collection the API lists and gives its path', () => {
    expect(listPath('ticket-templates')).toBe('/api/ticket-templates');
    expectTypeOf<'tickets'>().toMatchTypeOf<ListRoute>();
    expectTypeOf<'prepaid-cards'>().toMatchTypeOf<ListRoute>();
    // a path with more segments or an unknown name is no collection
    expectTypeOf<'tickets/open'>().not.toMatchTypeOf<ListRoute>();
    expectTypeOf<'ticket'>().not.toMatchTypeOf<ListRoute>();
  });

  it('calls a setting list reorderable only when the API has its update-order', () => {
    expectTypeOf<'priorities'>().toMatchTypeOf<OrderedRoute>();
    expectTypeOf<'tickets'>().not.toMatchTypeOf<OrderedRoute>();
  });
});
