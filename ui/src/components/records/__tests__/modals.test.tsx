import '@/testing/english';
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/mocks/server';
import { renderWithProviders } from '@/testing/test-utils';
import { TableViewsModal } from '@/components/records/table-views-modal';
import { ColumnAdjustModal } from '@/components/records/column-adjust-modal';

const preset = {
  id: 8,
  label: 'My open tickets',
  type: 'tickets',
  styling: null,
  columns_config: null,
  order_config: null,
  filter_config: JSON.stringify({ whereIn: [['status_id', ['1']]] }),
  pagination_config: '25',
};

describe('table views modal', () => {
  it("is titled 'Tabelweergaven', lists the list's views and applies one", async () => {
    let type: string | null = null;
    server.use(
      http.get('*/api/table-presets', ({ request }) => {
        type = new URL(request.url).searchParams.get('type');
        return HttpResponse.json([preset]);
      }),
    );
    const onApply = vi.fn();
    renderWithProviders(<TableViewsModal type="tickets" current={{ columns: [], order: [], filter: {}, pagination: 15 }} onApply={onApply} onClose={vi.fn()} />);
    expect(screen.getByRole('dialog', { name: 'Tabelweergaven' })).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Apply My open tickets' }));
    expect(type).toBe('tickets');
    expect(onApply).toHaveBeenCalledWith(preset);
  });

  it('saves the current view with its JSON configs', async () => {
    let body: Record<string, unknown> | null = null;
    server.use(
      http.get('*/api/table-presets', () => HttpResponse.json([])),
      http.post('*/api/table-presets', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ ...body, id: 9 }, { status: 201 });
      }),
    );
    const current = { columns: { order: ['reference'], hidden: [] }, order: [['updated_at', 'desc']], filter: { s: 'printer' }, pagination: 25 };
    renderWithProviders(<TableViewsModal type="tickets" current={current} onApply={vi.fn()} onClose={vi.fn()} />);
    await userEvent.type(screen.getByLabelText('Save current view as'), 'Printers');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('button', { name: 'Apply Printers' })).toBeInTheDocument();
    expect(body).toEqual({
      label: 'Printers',
      type: 'tickets',
      styling: null,
      columns_config: JSON.stringify(current.columns),
      order_config: JSON.stringify(current.order),
      filter_config: JSON.stringify(current.filter),
      pagination_config: '25',
    });
  });

  it('deletes a view only after confirmation', async () => {
    let deleted = false;
    server.use(
      http.get('*/api/table-presets', () => HttpResponse.json([preset])),
      http.delete('*/api/table-presets/8', () => {
        deleted = true;
        return HttpResponse.json({ message: 'Item verwijderd.' });
      }),
    );
    renderWithProviders(<TableViewsModal type="tickets" current={{ columns: [], order: [], filter: {}, pagination: 15 }} onApply={vi.fn()} onClose={vi.fn()} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete My open tickets' }));
    const question = screen.getByRole('dialog', { name: 'Do you really want to delete this?' });
    await userEvent.click(within(question).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Apply My open tickets' })).toBeNull());
    expect(deleted).toBe(true);
  });
});

describe('column adjust modal', () => {
  it('hides and reorders columns and hands back the layout', async () => {
    const onSave = vi.fn();
    renderWithProviders(
      <ColumnAdjustModal
        columns={[
          { id: 'reference', label: 'Reference' },
          { id: 'status', label: 'Status' },
          { id: 'client', label: 'Client' },
        ]}
        value={{ order: ['reference', 'status', 'client'], hidden: [] }}
        onSave={onSave}
        onClose={vi.fn()}
      />,
    );
    expect(screen.getByRole('dialog', { name: 'Adjust columns' })).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('Status'));
    await userEvent.click(screen.getByRole('button', { name: 'Move up Client' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith({ order: ['reference', 'client', 'status'], hidden: ['status'] });
  });
});
