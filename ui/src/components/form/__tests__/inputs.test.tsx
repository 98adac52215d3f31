import '@/testing/english';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { TimeInput } from '@/components/form/time-input';
import { NumberInput } from '@/components/form/number-input';
import { DatePicker, DateTimePicker } from '@/components/form/date-pickers';
import { CustomFieldInput } from '@/components/form/custom-field-input';
import { parseTimeInput } from '@/lib/time';
import type { NamedCustomField } from '@/types/models';

describe('time input', () => {
  it('converts hh:mm to minutes on blur and shows it zero-padded', async () => {
    const onChange = vi.fn();
    render(<TimeInput label="Time spent" value={null} onChange={onChange} />);
    const input = screen.getByLabelText('Time spent');
    await userEvent.type(input, '1:5');
    expect(onChange).not.toHaveBeenCalled();
    await userEvent.tab();
    expect(onChange).toHaveBeenCalledWith(65);
    expect(input).toHaveValue('01:05');
  });

  it('takes a plain number of minutes', async () => {
    const onChange = vi.fn();
    render(<TimeInput label="Time spent" value={null} onChange={onChange} />);
    const input = screen.getByLabelText('Time spent');
    await userEvent.type(input, '90');
    await userEvent.tab();
    expect(onChange).toHaveBeenCalledWith(90);
    expect(input).toHaveValue('01:30');
  });

  it('marks what is neither and reports nothing', async () => {
    const onChange = vi.fn();
    render(<TimeInput label="Time spent" value={null} onChange={onChange} />);
    const input = screen.getByLabelText('Time spent');
    await userEvent.type(input, '1:75');
    await userEvent.tab();
    expect(onChange).not.toHaveBeenCalled();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(parseTimeInput('abc')).toBeNull();
    expect(parseTimeInput('12:00')).toBe(720);
  });
});

function NumberHarness() {
  const [value, setValue] = useState('');
  return <NumberInput label="Hours" value={value} onChange={setValue} />;
}

describe('number-key filter', () => {
  it('keeps digits, dot and minus and turns a comma into a dot in English', async () => {
    render(<NumberHarness />);
    const input = screen.getByLabelText('Hours');
    await userEvent.type(input, '-1a2,5e€');
    expect(input).toHaveValue('-12.5');
  });

  it('keeps a dot and turns a comma into a dot in Dutch and German too', async () => {
    for (const language of ['nl', 'de']) {
      localStorage.setItem('APP_LANGUAGE', language);
      const { unmount } = render(<NumberHarness />);
      const input = screen.getByLabelText('Hours');
      await userEvent.type(input, '-1a2.5e€');
      expect(input).toHaveValue('-12.5');
      await userEvent.clear(input);
      await userEvent.type(input, '3,75');
      expect(input).toHaveValue('3.75');
      unmount();
    }
  });
});

describe('date pickers', () => {
  it('gives a date as YYYY-MM-DD', async () => {
    const onChange = vi.fn();
    render(<DatePicker label="Due" value={null} onChange={onChange} />);
    await userEvent.type(screen.getByLabelText('Due'), '30/11/2026');
    expect(onChange).toHaveBeenLastCalledWith('2026-11-30');
  });

  it('gives a datetime as an ISO moment with its offset on a 5-minute step', async () => {
    const onChange = vi.fn();
    render(<DateTimePicker label="Executed at" value="2026-11-22 09:05:00" onChange={onChange} />);
    const input = screen.getByLabelText('Executed at');
    expect(input).toHaveValue('22/11/2026 09:05');
    await userEvent.clear(input);
    await userEvent.type(input, '22/11/2026 10:13');
    expect(onChange).toHaveBeenLastCalledWith(expect.stringMatching(/^2026-11-22T10:15:00[+-]\d{2}:\d{2}$/));
  });
});

describe('custom fields', () => {
  const field = (name: string, title: string, type: number, more: Partial<NamedCustomField> = {}): NamedCustomField => ({
    id: 1,
    name,
    title,
    type,
    morphable_type: 'Ticket',
    order: 1,
    required: false,
    options: [],
    ...more,
  });
  const select: NamedCustomField = {
    ...field('contract_type', 'Contract type', 1),
    required: true,
    options: [
      { name: 'basic', label: 'Basic' },
      { name: 'premium', label: 'Premium' },
    ],
  };

  it('shows a select with its options, required with a red asterisk', async () => {
    const onChange = vi.fn();
    const { container } = render(<CustomFieldInput field={select} value={null} onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: /Contract type/ });
    expect(input).toBeRequired();
    expect(container.querySelector('.required')).toHaveStyle({ color: 'rgb(255, 0, 0)' });
    expect(container.querySelector('.required')).toHaveTextContent('*');
    await userEvent.selectOptions(input, 'Premium');
    expect(onChange).toHaveBeenCalledWith('premium');
  });

  it('shows text and date fields, without an asterisk when optional', () => {
    const { container } = render(
      <>
        <CustomFieldInput field={field('ref', 'Reference', 0)} value="R-1" onChange={vi.fn()} />
        <CustomFieldInput field={field('renewal', 'Renewal', 2)} value="2027-01-01" onChange={vi.fn()} />
      </>,
    );
    expect(screen.getByLabelText('Reference')).toHaveValue('R-1');
    // the date picker writes the day in the interface language's format (here English)
    expect(screen.getByLabelText('Renewal')).toHaveValue('01/01/2027');
    expect(container.querySelector('.required')).toBeNull();
  });
});
