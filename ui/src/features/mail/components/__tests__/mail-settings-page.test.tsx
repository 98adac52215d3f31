import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/mocks/server';
import { renderWithProviders, signedIn } from '@/testing/test-utils';
import { LANGUAGE_STORAGE_KEY } from '@/lib/i18n';
import type { MailSettings } from '../../api/mail-settings';
import { MailSettingsPage } from '../mail-settings-page';

beforeEach(() => localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en'));

const stored: MailSettings = {
  smtp_host: 'smtp.example.test',
  smtp_port: 587,
  smtp_security: 'starttls',
  smtp_user: 'desk',
  smtp_password_set: true,
  from_address: 'support@example.test',
  imap_host: null,
  imap_port: null,
  imap_security: null,
  imap_user: null,
  imap_password_set: false,
  imap_folder: null,
  addresses: ['support@example.test'],
  unknown_senders: 'review',
  default_smtp: false,
};

function serve(settings: MailSettings = stored) {
  const puts: Record<string, unknown>[] = [];
  server.use(
    http.get('*/api/mail-settings', () => HttpResponse.json(settings)),
    http.put('*/api/mail-settings', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      puts.push(body);
      const { smtp_password, imap_password, ...rest } = body;
      return HttpResponse.json({ ...settings, ...rest, smtp_password_set: settings.smtp_password_set || !!smtp_password, imap_password_set: settings.imap_password_set || !!imap_password });
    }),
  );
  return puts;
}

const operator = signedIn({ is_operator: 1, permissions_names: ['settings.show', 'settings.update'] });

describe('mail settings', () => {
  it('shows the stored settings, a stored password only as set, never its value', async () => {
    serve();
    renderWithProviders(<MailSettingsPage />, { session: operator });
    expect(await screen.findByLabelText('SMTP host')).toHaveValue('smtp.example.test');
    expect(screen.getByLabelText('SMTP port')).toHaveValue('587');
    expect(screen.getByLabelText('SMTP password')).toHaveValue('');
    expect(screen.getByLabelText('SMTP password')).toHaveAccessibleDescription('Set: leave empty to keep the stored password.');
    expect(screen.getByLabelText('IMAP password')).toHaveAccessibleDescription('Not set');
    expect(screen.getByLabelText('IMAP folder')).toHaveValue('INBOX');
    expect(screen.getByLabelText('Receiving addresses')).toHaveValue('support@example.test');
    expect(screen.getByLabelText('Hold it for review')).toBeChecked();
    expect(screen.queryByText('Without a server of its own the desk sends through the default server.')).toBeNull();
  });

  it('says mail leaves through the default server while the tenant has none', async () => {
    serve({ ...stored, smtp_host: null, smtp_port: null, smtp_security: null, smtp_user: null, smtp_password_set: false, from_address: null, default_smtp: true });
    renderWithProviders(<MailSettingsPage />, { session: operator });
    expect(await screen.findByText('Without a server of its own the desk sends through the default server.')).toBeInTheDocument();
    expect(screen.getByLabelText('SMTP host')).toHaveValue('');
  });

  it('saves without the password when none is typed, so the stored one stays', async () => {
    const puts = serve();
    renderWithProviders(<MailSettingsPage />, { session: operator });
    const host = await screen.findByLabelText('IMAP host');
    await userEvent.type(host, 'imap.example.test');
    await userEvent.type(screen.getByLabelText('IMAP port'), '993');
    await userEvent.type(screen.getByLabelText('IMAP password'), 's3cret');
    await userEvent.type(screen.getByLabelText('Receiving addresses'), '{Enter}Help@Example.test');
    await userEvent.click(screen.getByLabelText('Create the client under the company of its domain'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).not.toHaveProperty('smtp_password');
    expect(puts[0]).toMatchObject({
      smtp_host: 'smtp.example.test',
      smtp_port: 587,
      imap_host: 'imap.example.test',
      imap_port: 993,
      imap_security: 'tls',
      imap_password: 's3cret',
      imap_folder: 'INBOX',
      addresses: ['support@example.test', 'help@example.test'],
      unknown_senders: 'create',
    });
    expect(await screen.findByLabelText('IMAP password')).toHaveValue('');
    expect(screen.getByLabelText('IMAP password')).toHaveAccessibleDescription('Set: leave empty to keep the stored password.');
  });

  it('refuses a bad port, a bad address and a server without a port before saving', async () => {
    const puts = serve();
    renderWithProviders(<MailSettingsPage />, { session: operator });
    const port = await screen.findByLabelText('SMTP port');
    await userEvent.clear(port);
    await userEvent.type(port, '70000');
    await userEvent.type(screen.getByLabelText('IMAP host'), 'imap.example.test');
    await userEvent.type(screen.getByLabelText('Receiving addresses'), '{Enter}not-an-address');
    const from = screen.getByLabelText('From address');
    await userEvent.clear(from);
    await userEvent.type(from, 'desk@');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('SMTP port must be a port between 1 and 65535')).toBeInTheDocument();
    expect(screen.getByText('IMAP port is required')).toBeInTheDocument();
    expect(screen.getByText('not-an-address is not a valid e-mail address')).toBeInTheDocument();
    expect(screen.getByText('From address is not a valid e-mail address')).toBeInTheDocument();
    expect(puts).toHaveLength(0);
  });

  it("shows the server's 422 under the field it names", async () => {
    serve();
    server.use(
      http.put('*/api/mail-settings', () =>
        HttpResponse.json({ message: 'The given data was invalid.', errors: { 'body.smtp_host': ['The smtp host cannot be resolved.'] } }, { status: 422 }),
      ),
    );
    renderWithProviders(<MailSettingsPage />, { session: operator });
    await screen.findByLabelText('SMTP host');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The smtp host cannot be resolved.')).toBeInTheDocument();
    expect(screen.getByLabelText('SMTP host')).toHaveAttribute('aria-invalid', 'true');
  });

  it('sends a test mail and says it is queued, or why it was refused', async () => {
    serve();
    const sent: unknown[] = [];
    server.use(
      http.post('*/api/mail-settings/test', async ({ request }) => {
        const body = (await request.json()) as { to: string };
        sent.push(body);
        if (body.to.endsWith('.invalid')) return HttpResponse.json({ message: 'No mail server is configured.' }, { status: 409 });
        return HttpResponse.json({ queued: true }, { status: 202 });
      }),
    );
    renderWithProviders(<MailSettingsPage />, { session: operator });
    const to = await screen.findByLabelText('Send to');
    await userEvent.click(screen.getByRole('button', { name: 'Send test mail' }));
    expect(await screen.findByText('Send to is required')).toBeInTheDocument();
    await userEvent.type(to, 'Me@Example.test');
    await userEvent.click(screen.getByRole('button', { name: 'Send test mail' }));
    expect(await screen.findByText('Test mail to Me@Example.test queued: it leaves with the next mails.')).toBeInTheDocument();
    expect(sent).toEqual([{ to: 'me@example.test' }]);
    await userEvent.clear(to);
    await userEvent.type(to, 'me@example.invalid');
    await userEvent.click(screen.getByRole('button', { name: 'Send test mail' }));
    expect(await screen.findByText('The test mail was not sent: No mail server is configured.')).toBeInTheDocument();
  });

  it('says so when the settings cannot be loaded (a client is refused)', async () => {
    server.use(http.get('*/api/mail-settings', () => HttpResponse.json({ message: 'This action is unauthorized.' }, { status: 403 })));
    renderWithProviders(<MailSettingsPage />, { session: operator });
    expect(await screen.findByText('The mail settings could not be loaded.')).toBeInTheDocument();
    expect(screen.queryByLabelText('SMTP host')).not.toBeInTheDocument();
  });
});
