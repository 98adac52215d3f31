import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nProvider } from '@/lib/i18n';
import type { FilterDef, FilterValue } from '@/lib/builder';
import { ColumnFilter } from '../column-filter';

function Harness({ def, onChange }: { def: FilterDef; onChange: (v: FilterValue | undefined) => void }) {
  const [value, setValue] = useState<FilterValue | undefined>(undefined);
  return (
    <I18nProvider>
      <ColumnFilter
        def={def}
        column="Kolom"
        value={value}
        onChange={(v) => {
          setValue(v);
          onChange(v);
        }}
      />
    </I18nProvider>
  );
}

async function openPanel(name = 'Filter Kolom') {
  await userEvent.click(screen.getByRole('button', { name }));
  return screen.getByRole('group', { name });
}

describe('column filters', () => {
  it('move focus into the panel and back to the button on Escape', async () => {
    render(<Harness def={{ type: 'string', field: 'name' }} onChange={() => undefined} />);
    await openPanel();
    expect(screen.getByLabelText('Kolom bevat')).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: 'Filter Kolom' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Filter Kolom' })).toHaveFocus();
  });

  it('a relation search starts at two letters and says how many are missing', async () => {
    const onChange = vi.fn();
    render(<Harness def={{ type: 'relation', relation: 'company', field: 'name' }} onChange={onChange} />);
    await openPanel();
    expect(screen.getByText('nog 2 letters')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Kolom bevat'), 'a');
    expect(screen.getByText('nog 1 letters')).toBeInTheDocument();
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(''));
    // The single letter stays in the box while the filter stays off.
    expect(screen.getByLabelText('Kolom bevat')).toHaveValue('a');
    await userEvent.type(screen.getByLabelText('Kolom bevat'), 'c');
    expect(screen.getByText('typ om te zoeken')).toBeInTheDocument();
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('ac'));
  });

  it('a number filter turns a comma typed in Dutch into a dot and sends the number itself', async () => {
    const onChange = vi.fn();
    render(<Harness def={{ type: 'lte', field: 'total' }} onChange={onChange} />);
    await openPanel();
    await userEvent.type(screen.getByLabelText('Kolom hoogstens'), '-1a234,5');
    // SPEC §5: the letter never gets in and the comma becomes a dot.
    expect(screen.getByLabelText('Kolom hoogstens')).toHaveValue('-1234.5');
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('-1234.5'));
  });

  it('a number filter reads a decimal point in English', async () => {
    localStorage.setItem('APP_LANGUAGE', 'en');
    const onChange = vi.fn();
    render(<Harness def={{ type: 'lte', field: 'total' }} onChange={onChange} />);
    await openPanel();
    await userEvent.type(screen.getByLabelText('Kolom at most'), '1234.5');
    expect(screen.getByLabelText('Kolom at most')).toHaveValue('1234.5');
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('1234.5'));
  });

  it('a number filter says in German when the text is no number, and filters on nothing', async () => {
    localStorage.setItem('APP_LANGUAGE', 'de');
    const onChange = vi.fn();
    render(<Harness def={{ type: 'lte', field: 'total' }} onChange={onChange} />);
    await openPanel('Kolom filtern');
    const input = screen.getByLabelText('Kolom höchstens');
    await userEvent.type(input, '1,2,3');
    expect(screen.getByText('Bitte eine Zahl eingeben, etwa 12.5')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(''));
    await userEvent.clear(input);
    await userEvent.type(input, '12,5');
    expect(input).toHaveValue('12.5');
    expect(screen.queryByText(/Bitte eine Zahl/)).not.toBeInTheDocument();
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('12.5'));
  });

  it('a date range takes dd-mm-yyyy, refuses other input, and offers the presets', async () => {
    const onChange = vi.fn();
    render(<Harness def={{ type: 'date_between', field: 'updated_at' }} onChange={onChange} />);
    await openPanel();
    await userEvent.type(screen.getByLabelText('Van (dd-mm-jjjj)'), '2026-01-01');
    expect(screen.getByText('Gebruik het formaat dd-mm-jjjj')).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalledWith({ from: '2026-01-01', to: undefined });
    await userEvent.clear(screen.getByLabelText('Van (dd-mm-jjjj)'));
    await userEvent.type(screen.getByLabelText('Van (dd-mm-jjjj)'), '01-01-2026');
    await userEvent.type(screen.getByLabelText('Tot (dd-mm-jjjj)'), '31-01-2026');
    expect(onChange).toHaveBeenLastCalledWith({ from: '01-01-2026', to: '31-01-2026' });
    const presets = screen.getByLabelText('Periode');
    expect([...(presets as HTMLSelectElement).options].map((o) => o.value)).toEqual([
      '',
      'today',
      'future',
      'past',
      '+1',
      '+2',
      '+3',
      '-1',
      '-2',
    ]);
    await userEvent.selectOptions(presets, '-1');
    expect(onChange).toHaveBeenLastCalledWith({ preset: '-1' });
  });

  it('a yes/no filter gives 1 or 0, and clearing removes it', async () => {
    const onChange = vi.fn();
    render(<Harness def={{ type: 'boolean', field: 'direct_debit' }} onChange={onChange} />);
    await openPanel();
    await userEvent.selectOptions(screen.getByLabelText('Kolom'), 'Nee');
    expect(onChange).toHaveBeenLastCalledWith('0');
    await userEvent.click(screen.getByRole('button', { name: 'Filter wissen' }));
    expect(onChange).toHaveBeenLastCalledWith(undefined);
  });

  it('the schedule and SLA filters use their special operators', async () => {
    const onChange = vi.fn();
    const { unmount } = render(<Harness def={{ type: 'scheduled_at', field: 'scheduled_at' }} onChange={onChange} />);
    await openPanel();
    await userEvent.selectOptions(screen.getByLabelText('Kolom'), 'Morgen');
    expect(onChange).toHaveBeenLastCalledWith('+1');
    unmount();
    render(<Harness def={{ type: 'sla_remaining' }} onChange={onChange} />);
    await openPanel();
    await userEvent.click(screen.getByLabelText('Actie vereist'));
    expect(onChange).toHaveBeenLastCalledWith(true);
  });
});
