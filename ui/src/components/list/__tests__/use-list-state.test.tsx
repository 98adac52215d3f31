import { describe, expect, it } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/mocks/server';
import * as data from '@/testing/mocks/data';
import { useListState } from '../use-list-state';

describe('saved list choices', () => {
  it('cache at once, and reach the server even when the list closes before the save delay', async () => {
    const posted: unknown[] = [];
    server.use(
      http.post('*/api/auth/me', async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json({ message: 'Changes saved.' });
      }),
    );
    const { result, unmount } = renderHook(() =>
      useListState(data.user, 'quotes', { field: 'name', direction: 'asc' }, []),
    );
    act(() => result.current.setPageSize(50));
    expect(JSON.parse(localStorage.getItem('ledgerdesk:config:7_pagination_quotes')!)).toEqual({ pageSize: 50 });
    unmount();
    await waitFor(() => expect(posted).toHaveLength(1));
    const configs = (posted[0] as { relationships: { configs: { name: string; value: string }[] } }).relationships.configs;
    expect(configs.find((c) => c.name === '7_pagination_quotes')?.value).toBe('{"pageSize":50}');
  });

  it('start from the defaults, with page 1', () => {
    const { result } = renderHook(() =>
      useListState(data.user, 'tickets', { field: 'updated_at', direction: 'desc' }, ['created']),
    );
    expect(result.current.state).toEqual({
      filters: {},
      preset: null,
      order: { field: 'updated_at', direction: 'desc' },
      page: 1,
      pageSize: 15,
      hidden: ['created'],
    });
    expect(result.current.hasFilter).toBe(false);
  });
});
