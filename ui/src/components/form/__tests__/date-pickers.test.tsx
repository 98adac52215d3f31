// The pickers in the interface language (Dutch by default), sending what the API reads.
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LANGUAGE_STORAGE_KEY } from '@/lib/i18n';
import { DatePicker, DateTimePicker, formatPickerValue, parsePickerValue } from '@/components/form/date-pickers';

const OFFSET = /[+-]\d{2}:\d{2}$/;

describe('the datetime picker', () => {
  it('shows 23-11-2026 20:10 in Dutch, not the browser locale', () => {
    render(<DateTimePicker label="Uitgevoerd op" value="2026-11-23 20:10:00" onChange={vi.fn()} />);
    expect(screen.getByLabelText('Uitgevoerd op')).toHaveValue('23-11-2026 20:10');
  });

  it('reads an ISO moment with its offset', () => {
    const moment = new Date(2026, 10, 23, 20, 10);
    const offset = -moment.getTimezoneOffset();
    const sign = offset < 0 ? '-' : '+';
    const zone = `${sign}${String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0')}:${String(Math.abs(offset) % 60).padStart(2, '0')}`;
    render(<DateTimePicker label="Uitgevoerd op" value={`2026-11-23T20:10:00${zone}`} onChange={vi.fn()} />);
    expect(screen.getByLabelText('Uitgevoerd op')).toHaveValue('23-11-2026 20:10');
  });

  it('sends an ISO moment with an offset, on a 5-minute step', async () => {
    const onChange = vi.fn();
    render(<DateTimePicker label="Uitgevoerd op" value={null} onChange={onChange} />);
    await userEvent.type(screen.getByLabelText('Uitgevoerd op'), '23-11-2026 10:13');
    const sent = onChange.mock.lastCall?.[0] as string;
    expect(sent).toMatch(/^2026-11-23T10:15:00/);
    expect(sent).toMatch(OFFSET);
    expect(new Date(sent).getTime()).toBe(new Date(2026, 10, 23, 10, 15).getTime());
  });

  it('writes the English and German formats in those languages', () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'de');
    render(<DateTimePicker label="Ausgeführt am" value="2026-11-23 20:10:00" onChange={vi.fn()} />);
    expect(screen.getByLabelText('Ausgeführt am')).toHaveValue('23.11.2026 20:10');
    const d = new Date(2026, 10, 23, 20, 10);
    expect(formatPickerValue(d, 'en', true)).toBe('23/11/2026 20:10');
    expect(parsePickerValue('23/11/2026 20:10', 'en', true)?.getTime()).toBe(d.getTime());
  });
});

describe('the date picker', () => {
  it('takes a Dutch date and sends YYYY-MM-DD; refuses a day that does not exist', async () => {
    const onChange = vi.fn();
    render(<DatePicker label="Vervaldatum" value={null} onChange={onChange} />);
    const input = screen.getByLabelText('Vervaldatum');
    await userEvent.type(input, '31-02-2026');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(onChange).not.toHaveBeenCalledWith(expect.stringMatching(/^2026-0[23]/));
    await userEvent.clear(input);
    await userEvent.type(input, '30-11-2026');
    expect(onChange).toHaveBeenLastCalledWith('2026-11-30');
  });

  it('opens a calendar that names the month in Dutch: november 2026', async () => {
    const onChange = vi.fn();
    render(<DatePicker label="Vervaldatum" value="2026-11-10" onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Kalender' }));
    expect(screen.getByText('november 2026')).toBeInTheDocument();
    expect(screen.queryByText('November 2026')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '24-11-2026' }));
    expect(onChange).toHaveBeenLastCalledWith('2026-11-24');
    expect(screen.getByLabelText('Vervaldatum')).toHaveValue('24-11-2026');
  });
});
