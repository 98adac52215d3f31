import '@/testing/english';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { builderParams, NONE, type DateRange } from '@/lib/builder';
import { dateRangeFilter, multiSelectFilter, scheduleFilter, slaFilter, textFilter, yesNoFilter } from '@/components/filters/filter-builders';
import { MultiSelectFilter } from '@/components/filters/multi-select-filter';
import { DateRangeFilter } from '@/components/filters/date-range-filter';
import { ScheduleFilter, SlaFilter, YesNoFilter } from '@/components/filters/schedule-filter';
import type { SchedulePreset } from '@/components/filters/filter-builders';

const options = [
  { value: '1', label: 'Low' },
  { value: '2', label: 'High' },
];

function MultiHarness({ spy }: { spy: (v: string[]) => void }) {
  const [value, setValue] = useState<string[]>([]);
  return (
    <MultiSelectFilter
      label="Priority"
      options={options}
      value={value}
      onChange={(v) => {
        setValue(v);
        spy(v);
      }}
    />
  );
}

describe('multi-select with (none)', () => {
  it('picking (none) removes the others, and picking another removes (none)', async () => {
    const spy = vi.fn();
    render(<MultiHarness spy={spy} />);
    await userEvent.click(screen.getByLabelText('Low'));
    await userEvent.click(screen.getByLabelText('High'));
    expect(spy).toHaveBeenLastCalledWith(['1', '2']);
    await userEvent.click(screen.getByLabelText('(none)'));
    expect(spy).toHaveBeenLastCalledWith([NONE]);
    expect(screen.getByLabelText('Low')).not.toBeChecked();
    expect(screen.getByLabelText('High')).not.toBeChecked();
    await userEvent.click(screen.getByLabelText('High'));
    expect(spy).toHaveBeenLastCalledWith(['2']);
    expect(screen.getByLabelText('(none)')).not.toBeChecked();
  });

  it('sends whereIn for values and whereNull for (none)', () => {
    expect(builderParams(multiSelectFilter('priority_id', ['1', '2']))).toEqual([
      ['builder[whereIn][0][0]', 'priority_id'],
      ['builder[whereIn][0][1][]', '1'],
      ['builder[whereIn][0][1][]', '2'],
    ]);
    expect(builderParams(multiSelectFilter('priority_id', [NONE]))).toEqual([['builder[whereNull][]', 'priority_id']]);
    expect(builderParams(multiSelectFilter('priority_id', []))).toEqual([]);
  });
});

function DateHarness({ spy }: { spy: (v: DateRange) => void }) {
  const [value, setValue] = useState<DateRange>({});
  return (
    <DateRangeFilter
      label="Created"
      value={value}
      initialMonth={new Date(2026, 10, 1)}
      onChange={(v) => {
        setValue(v);
        spy(v);
      }}
    />
  );
}

describe('date range', () => {
  it('offers the presets today, future, past, +1, +2, +3, -1, -2 days', () => {
    render(<DateHarness spy={vi.fn()} />);
    const labels = [...(screen.getByLabelText('Preset') as HTMLSelectElement).options].map((o) => o.value);
    expect(labels).toEqual(['', 'today', 'future', 'past', '+1', '+2', '+3', '-1', '-2']);
  });

  it('takes dd-mm-yyyy dates and ignores what is not a date', async () => {
    const spy = vi.fn();
    render(<DateHarness spy={spy} />);
    await userEvent.type(screen.getByLabelText('From (dd-mm-yyyy)'), '31-02-2026');
    expect(screen.getByLabelText('From (dd-mm-yyyy)')).toHaveAttribute('aria-invalid', 'true');
    expect(spy).not.toHaveBeenCalledWith({ from: '31-02-2026', to: undefined });
    await userEvent.clear(screen.getByLabelText('From (dd-mm-yyyy)'));
    await userEvent.type(screen.getByLabelText('From (dd-mm-yyyy)'), '01-11-2026');
    await userEvent.type(screen.getByLabelText('To (dd-mm-yyyy)'), '15-11-2026');
    expect(spy).toHaveBeenLastCalledWith({ from: '01-11-2026', to: '15-11-2026' });
  });

  it('shows weeks from Monday and picks a range by two clicks', async () => {
    const spy = vi.fn();
    render(<DateHarness spy={spy} />);
    await userEvent.click(screen.getByRole('button', { name: 'Calendar' }));
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su']);
    // 1 November 2026 is a Sunday: the first row starts on Monday 26 October.
    const firstRow = screen.getAllByRole('row')[1];
    expect(firstRow.querySelector('button')).toHaveAccessibleName('26-10-2026');
    await userEvent.click(screen.getByRole('button', { name: '10-11-2026' }));
    await userEvent.click(screen.getByRole('button', { name: '03-11-2026' }));
    expect(spy).toHaveBeenLastCalledWith({ from: '03-11-2026', to: '10-11-2026' });
  });

  it('turns presets and ranges into builder clauses', () => {
    const now = new Date(2026, 10, 22);
    expect(builderParams(dateRangeFilter('created_at', { preset: '+1' }, now))).toEqual([
      ['builder[whereBetween][0][0]', 'created_at'],
      ['builder[whereBetween][0][1][]', '2026-11-23'],
      ['builder[whereBetween][0][1][]', '2026-11-23'],
    ]);
    expect(builderParams(dateRangeFilter('created_at', { preset: 'past' }, now))).toEqual([
      ['builder[where][0][]', 'created_at'],
      ['builder[where][0][]', '<'],
      ['builder[where][0][]', '2026-11-22'],
    ]);
    expect(builderParams(dateRangeFilter('created_at', { from: '01-11-2026', to: '15-11-2026' }, now))).toEqual([
      ['builder[whereBetween][0][0]', 'created_at'],
      ['builder[whereBetween][0][1][]', '2026-11-01'],
      ['builder[whereBetween][0][1][]', '2026-11-15'],
    ]);
  });
});

function ScheduleHarness({ spy }: { spy: (v: string) => void }) {
  const [value, setValue] = useState<SchedulePreset | ''>('');
  return (
    <ScheduleFilter
      label="Scheduled"
      value={value}
      onChange={(v) => {
        setValue(v);
        spy(v);
      }}
    />
  );
}

describe('schedule, SLA and yes/no filters', () => {
  it('lists the schedule choices and sends the chosen one as a preset', async () => {
    const spy = vi.fn();
    render(<ScheduleHarness spy={spy} />);
    const select = screen.getByLabelText('Scheduled') as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual([
      'Any',
      'Today',
      'Future',
      'Tomorrow',
      'Day after tomorrow',
      'Three days ahead',
      'Yesterday',
      'Before yesterday',
      'Past',
    ]);
    await userEvent.selectOptions(select, 'Day after tomorrow');
    expect(spy).toHaveBeenLastCalledWith('+2');
    expect(builderParams(scheduleFilter('scheduled_at', '+2'))).toEqual([
      ['builder[where][0][]', 'scheduled_at'],
      ['builder[where][0][]', 'preset'],
      ['builder[where][0][]', '+2'],
    ]);
    expect(builderParams(scheduleFilter('scheduled_at', ''))).toEqual([]);
  });

  it("sends the SLA 'action required' filter only when ticked", async () => {
    const spy = vi.fn();
    render(<SlaFilter value={false} onChange={spy} />);
    await userEvent.click(screen.getByLabelText('Action required'));
    expect(spy).toHaveBeenCalledWith(true);
    expect(builderParams(slaFilter(true))).toEqual([
      ['builder[where][0][]', 'sla_remaining'],
      ['builder[where][0][]', 'action_required'],
      ['builder[where][0][]', '1'],
    ]);
    expect(builderParams(slaFilter(false))).toEqual([]);
  });

  it('sends yes as 1 and no as 0', async () => {
    const spy = vi.fn();
    render(<YesNoFilter label="Template" value="" onChange={spy} />);
    await userEvent.selectOptions(screen.getByLabelText('Template'), 'No');
    expect(spy).toHaveBeenCalledWith('0');
    expect(builderParams(yesNoFilter('is_template', '1'))).toEqual([
      ['builder[where][0][]', 'is_template'],
      ['builder[where][0][]', '='],
      ['builder[where][0][]', '1'],
    ]);
    expect(builderParams(yesNoFilter('is_template', '0'))[2]).toEqual(['builder[where][0][]', '0']);
    expect(builderParams(yesNoFilter('is_template', ''))).toEqual([]);
    expect(builderParams(textFilter('name', 'acme'))[2]).toEqual(['builder[where][0][]', '%acme%']);
  });
});
