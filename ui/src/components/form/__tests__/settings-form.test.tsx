import '@/testing/english';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Field, SaveRow, useSettingsForm } from '@/components/form/settings-form';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';

type Stored = { name: string | null; city: string | null };
type Values = { name: string; city: string };

const toValues = (s: Stored): Values => ({ name: s.name ?? '', city: s.city ?? '' });
const toChange = (v: Values): Stored => ({ name: v.name.trim() || null, city: v.city.trim() || null });
const fieldOf = (key: string) => (['name', 'city'] as const).find((k) => key === `body.${k}`) ?? null;

function Settings({ stored, save }: { stored: Stored; save: (change: Stored) => Promise<Stored> }) {
  const { form, onSubmit, input } = useSettingsForm({ stored, save, toValues, toChange, fieldOf, savedText: 'Saved' });
  const { errors } = form.formState;
  return (
    <form onSubmit={onSubmit} noValidate>
      <Field label="Name" error={errors.name?.message} hint="As on the invoice">
        {(id) => input(form.register('name'), id, { 'aria-describedby': `${id}-hint` })}
      </Field>
      <Field label="City" error={errors.city?.message}>
        {(id) => input(form.register('city'), id)}
      </Field>
      <SaveRow form={form} />
    </form>
  );
}

describe('a settings form', () => {
  it('is filled from what is stored, saves the change and is filled again from the answer', async () => {
    const save = vi.fn(async (change: Stored) => ({ ...change, city: 'Utrecht' }));
    const saved = vi.spyOn(toast, 'success');
    render(<Settings stored={{ name: 'Acme', city: null }} save={save} />);
    expect(screen.getByLabelText('Name')).toHaveValue('Acme');
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('As on the invoice');

    await userEvent.type(screen.getByLabelText('Name'), ' BV');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.getByLabelText('City')).toHaveValue('Utrecht'));
    expect(save).toHaveBeenCalledWith({ name: 'Acme BV', city: null });
    expect(saved).toHaveBeenCalledWith('Saved');
  });

  it("shows a refusal's messages under the fields they name and any other above Save", async () => {
    const save = vi.fn(() => Promise.reject(new ApiError(422, { message: 'invalid', errors: { 'body.name': ['Name is taken'], 'body.region': 'Region is unknown' } })));
    render(<Settings stored={{ name: 'Acme', city: null }} save={save} />);

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual(['Name is taken', 'Region is unknown']);
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('City')).not.toHaveAttribute('aria-invalid');
  });

  it('says the settings were not saved when the answer names no field', async () => {
    render(<Settings stored={{ name: 'Acme', city: null }} save={() => Promise.reject(new Error('offline'))} />);

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('The settings were not saved.');
  });
});
