import '@/testing/english';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { server } from '@/testing/mocks/server';
import { SearchSelect, type SearchOption } from '@/components/filters/search-select';
import { TextFilter } from '@/components/filters/text-filter';

function Harness({ onPick }: { onPick?: (o: SearchOption | null) => void }) {
  const [value, setValue] = useState<SearchOption | null>(null);
  return (
    <SearchSelect
      label="Company"
      lookup="companies"
      value={value}
      constraints={{ liveOnly: true, companyId: 3 }}
      onChange={(o) => {
        setValue(o);
        onPick?.(o);
      }}
    />
  );
}

function recordSearches() {
  const seen: URL[] = [];
  server.use(
    http.get('*/api/lookups/companies', ({ request }) => {
      seen.push(new URL(request.url));
      return HttpResponse.json([{ id: 3, name: 'Acme BV' }, { id: 4, name: 'Acme Holding' }]);
    }),
  );
  return seen;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('search selector', () => {
  it("says 'type to search', then how many letters remain, and does not search below 2 characters", async () => {
    const seen = recordSearches();
    render(<Harness />);
    const input = screen.getByRole('combobox', { name: 'Company' });
    expect(input).toHaveAccessibleDescription('type to search');
    await userEvent.type(input, 'a');
    expect(input).toHaveAccessibleDescription('type 1 more letter');
    await new Promise((r) => setTimeout(r, 400));
    expect(seen).toHaveLength(0);
  });

  it('searches once, 300 ms after the last key, with the text and the constraints', async () => {
    vi.useFakeTimers();
    const seen = recordSearches();
    render(<Harness />);
    const input = screen.getByRole('combobox', { name: 'Company' });
    fireEvent.change(input, { target: { value: 'ac' } });
    act(() => vi.advanceTimersByTime(200));
    fireEvent.change(input, { target: { value: 'acm' } });
    act(() => vi.advanceTimersByTime(299));
    expect(seen).toHaveLength(0);
    act(() => vi.advanceTimersByTime(1));
    vi.useRealTimers();
    await waitFor(() => expect(seen).toHaveLength(1));
    expect(seen[0].searchParams.get('search')).toBe('acm');
    expect(seen[0].searchParams.get('company_id')).toBe('3');
    expect(seen[0].searchParams.get('archived_at')).toBe('null');
    expect(await screen.findByRole('option', { name: 'Acme Holding' })).toBeInTheDocument();
  });

  it('picks an option with the keyboard', async () => {
    recordSearches();
    const onPick = vi.fn();
    render(<Harness onPick={onPick} />);
    const input = screen.getByRole('combobox', { name: 'Company' });
    await userEvent.type(input, 'acme');
    await screen.findByRole('option', { name: 'Acme BV' });
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(onPick).toHaveBeenCalledWith(expect.objectContaining({ id: 4, label: 'Acme Holding' }));
    expect(screen.getByText('Acme Holding')).toBeInTheDocument();
  });
});

describe('text filter', () => {
  it('reports 250 ms after the last key, not before', () => {
    vi.useFakeTimers();
    const onChange = vi.fn();
    render(<TextFilter label="Search" value="" onChange={onChange} />);
    const input = screen.getByLabelText('Search');
    fireEvent.change(input, { target: { value: 'pri' } });
    act(() => vi.advanceTimersByTime(100));
    fireEvent.change(input, { target: { value: 'printer' } });
    act(() => vi.advanceTimersByTime(249));
    expect(onChange).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith('printer');
  });
});
