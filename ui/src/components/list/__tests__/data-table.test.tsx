import { useLayoutEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
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

/** Notes, as its card reaches the document, how many cards are there with it. */
function CardsAtCommit({ name, log }: { name: string; log: string[] }) {
  useLayoutEffect(() => {
    log.push(`${name}: ${document.querySelectorAll('[data-testid="list-card"]').length}`);
  }, [name, log]);
  return <>{name}</>;
}

describe('data table as cards (the phone)', () => {
  it('draws the first five cards with the page and the rest in a later commit, in order', async () => {
    const log: string[] = [];
    const rows = Array.from({ length: 15 }, (_, i) => ({ id: i + 1, name: `card ${i + 1}` }));
    const columns: TableColumn<Row>[] = [{ id: 'name', label: 'Name', cell: (r) => <CardsAtCommit name={r.name} log={log} /> }];
    render(
      <DataTable label="Rows" columns={columns} rows={rows} rowKey={(r) => r.id} empty="None" cards={{ title: (r) => `#${r.id}` }} detailPath={(r) => `/rows/${r.id}`} />,
      { wrapper: MemoryRouter },
    );
    await waitFor(() => expect(screen.getAllByTestId('list-card')).toHaveLength(15));
    expect(log).toEqual(rows.map((r) => `${r.name}: ${r.id <= 5 ? 5 : 15}`));
    expect(screen.getAllByTestId('list-card').map((card) => card.textContent)).toEqual(rows.map((r) => `#${r.id}Name${r.name}`));
  });
});
