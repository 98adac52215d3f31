import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { I18nProvider, LANGUAGE_STORAGE_KEY } from '@/lib/i18n';
import { MailOrigin } from '../mail-origin';

describe('a message that came by mail', () => {
  it('shows from, to, cc and the date it was sent', () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    const { container } = render(
      <I18nProvider>
        <MailOrigin
          message={{ original_email_from: 'anna@client.test', email_to: ['support@demo.localhost'], email_cc: 'boss@client.test, it@client.test', email_date: '2026-11-20T09:30:00Z' }}
        />
      </I18nProvider>,
    );
    const origin = container.querySelector('dl.mail-origin')!;
    expect(origin).toHaveAccessibleName('Received by mail');
    expect(origin).toHaveTextContent('Fromanna@client.test');
    expect(origin).toHaveTextContent('Tosupport@demo.localhost');
    expect(origin).toHaveTextContent('Ccboss@client.test, it@client.test');
    expect(origin.querySelector('time')).toHaveAttribute('datetime', '2026-11-20T09:30:00Z');
  });

  it('is in Dutch by default, and absent for a message typed in the desk', () => {
    const { container, rerender } = render(
      <I18nProvider>
        <MailOrigin message={{ original_email_from: 'anna@client.test', email_to: [] }} />
      </I18nProvider>,
    );
    expect(screen.getByText('Van')).toBeInTheDocument();
    expect(screen.queryByText('Aan')).not.toBeInTheDocument();
    rerender(
      <I18nProvider>
        <MailOrigin message={{ original_email_from: null, email_to: ['x@y.test'] }} />
      </I18nProvider>,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
