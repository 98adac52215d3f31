import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { I18nProvider, LANGUAGE_STORAGE_KEY } from '@/lib/i18n';
import { NO_ADDRESSEES, ReplyAddressees, addresseeFields, hasAddressees, type Addressees } from '../components/operator/reply-addressees';

beforeEach(() => localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en'));

function Form({ onSend }: { onSend: (v: Addressees) => void }) {
  const { register, handleSubmit, formState } = useForm<Addressees>({ defaultValues: NO_ADDRESSEES });
  return (
    <form onSubmit={handleSubmit(onSend)}>
      <ReplyAddressees register={register} errors={formState.errors} />
      <button type="submit">Send</button>
    </form>
  );
}

describe("a reply's addressees", () => {
  it('are sent comma-separated, lower-cased, each kind only when typed', () => {
    expect(addresseeFields({ to: 'A@x.test; b@y.test', cc: '', bcc: ' c@z.test ' })).toEqual({ to: 'a@x.test,b@y.test', bcc: 'c@z.test' });
    expect(hasAddressees(NO_ADDRESSEES)).toBe(false);
    expect(hasAddressees({ ...NO_ADDRESSEES, cc: 'a@x.test' })).toBe(true);
  });

  it('stop the form on an address that is none, naming the field and the address', async () => {
    const sent: Addressees[] = [];
    render(
      <I18nProvider>
        <Form onSend={(v) => sent.push(v)} />
      </I18nProvider>,
    );
    await userEvent.click(screen.getByText('Also to'));
    await userEvent.type(screen.getByLabelText('Cc'), 'boss@client.test, nobody');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Cc: nobody is not a valid e-mail address')).toBeInTheDocument();
    expect(screen.getByLabelText('Cc')).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);
    await userEvent.clear(screen.getByLabelText('Cc'));
    await userEvent.type(screen.getByLabelText('Cc'), 'boss@client.test');
    await userEvent.type(screen.getByLabelText('Bcc'), Array.from({ length: 21 }, (_, i) => `a${i}@x.test`).join(','));
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Bcc holds more than 20 addresses')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });
});
