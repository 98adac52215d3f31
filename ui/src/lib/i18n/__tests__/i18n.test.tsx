import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp, signedIn } from '@/testing/test-utils';
import { authStorage } from '@/lib/auth-storage';
import { createI18n, DEFAULT_LANGUAGE, fixedT, LANGUAGE_STORAGE_KEY, storedLanguage, translate } from '..';
import { en } from '../portal/en';
import { nl } from '../portal/nl';
import { de } from '../portal/de';

describe('translations', () => {
  it('have every key in all three languages', () => {
    const keys = Object.keys(en).sort();
    expect(Object.keys(nl).sort()).toEqual(keys);
    expect(Object.keys(de).sort()).toEqual(keys);
  });

  it('fill in parameters', () => {
    expect(translate('nl', 'list.empty', { model: 'offertes' })).toBe('Geen offertes gevonden.');
    expect(translate('en', 'list.range', { from: 1, to: 15, total: 40 })).toBe('1-15 of 40');
  });

  it('fall back to English, then to the key', () => {
    const instance = createI18n({ nl: {}, en: { portal: { 'nav.quotes': 'Quotes' } }, de: {} });
    expect(fixedT('de', 'portal', instance)('nav.quotes')).toBe('Quotes');
    expect(fixedT('de', 'portal', instance)('nav.tickets')).toBe('nav.tickets');
  });

  it('default to Dutch, and read the stored choice', () => {
    expect(DEFAULT_LANGUAGE).toBe('nl');
    expect(storedLanguage()).toBe('nl');
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'de');
    expect(storedLanguage()).toBe('de');
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'xx');
    expect(storedLanguage()).toBe('nl');
  });
});

describe('switching language in the portal', () => {
  it('changes the screen and stores the choice under APP_LANGUAGE', async () => {
    authStorage.setSession('access', 'refresh');
    renderApp('/quotes', signedIn());
    expect(await screen.findByRole('heading', { name: 'Offertes' })).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Taal'), 'de');
    expect(await screen.findByRole('heading', { name: 'Angebote' })).toBeInTheDocument();
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('de');
    expect(document.documentElement.lang).toBe('de');
    await userEvent.selectOptions(screen.getByLabelText('Sprache'), 'en');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Quotes' })).toBeInTheDocument());
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toHaveTextContent('Invoices');
  });
});
