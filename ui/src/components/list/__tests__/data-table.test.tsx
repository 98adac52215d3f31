import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { DataTable, type TableColumn } from '../data-table';

type Row = { id: number; name: string };

// Every render of a list screen builds its columns anew, as the list configs do.
function Table({ onOpen }: { onOpen: (row: Row) => void }) {
  const columns: TableColumn<Row>[] = [
    { id: 'name', label: 'Name', cell: (r) => r.name },
    { id: 'open', label: 'Open', cell: (r) => <button type="button" onClick={() => onOpen(r)}>Open {r.name}</button> },
  ];
  return <DataTable label="Rows" columns={columns} rows={[{ id: 1, name: 'one' }]} rowKey={(r) => r.id} empty="None" />;
}

describe('data table', () => {
  it('keeps a cell in place when the list re-renders with new columns', async () => {
    const onOpen = vi.fn();
    const { rerender } = render(<Table onOpen={onOpen} />, { wrapper: MemoryRouter });
    const button = screen.getByRole('button', { name: 'Open one' });
    rerender(<Table onOpen={onOpen} />);
    // The button found before the re-render is the one on the screen, and it still works.
    expect(button.isConnected).toBe(true);
    await userEvent.click(button);
    expect(onOpen).toHaveBeenCalledWith({ id: 1, name: 'one' });
  });
});
