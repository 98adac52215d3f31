import '@/testing/english';
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '@/testing/mocks/server';
import { renderOperator } from '@/testing/render-operator';

const settings = {
  smtp_host: null, smtp_port: null, smtp_security: null, smtp_user: null, from_address: null,
  imap_host: null, imap_port: null, imap_security: null, imap_user: null, imap_folder: null,
  addresses: [], unknown_senders: 'review', smtp_password_set: false, imap_password_set: false, default_smtp: true,
};

describe('the mail screens in the workspace navigation', () => {
  it('light only the entry of the page open, not the setting lists above it', async () => {
    server.use(
      http.get('*/api/mail-settings', () => HttpResponse.json(settings)),
      http.get('*/api/mail-review', () => HttpResponse.json({ data: [] })),
    );
    renderOperator('/operator/settings/mail/review', ['settings.index', 'tickets.store']);
    expect(await screen.findByRole('heading', { name: 'Mail review queue', level: 1 })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Operator navigation' });
    expect(within(nav).getByRole('link', { name: 'Mail review' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Mail settings' })).not.toHaveAttribute('aria-current');
    expect(within(nav).getByRole('link', { name: 'Setting lists' })).not.toHaveAttribute('aria-current');
  });

  it('offers the review queue only to an operator who may open tickets', async () => {
    server.use(http.get('*/api/mail-settings', () => HttpResponse.json(settings)));
    renderOperator('/operator/settings/mail', ['settings.index']);
    expect(await screen.findByRole('heading', { name: 'Mail settings', level: 1 })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Operator navigation' });
    expect(within(nav).getByRole('link', { name: 'Mail settings' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).queryByRole('link', { name: 'Mail review' })).toBeNull();
  });
});
