import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nProvider, LANGUAGE_STORAGE_KEY, useTranslation, type Language } from '@/lib/i18n';
import { Money, Quantity } from '../money';

const plain = (s: string | null) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');

function Switch() {
  const { setLanguage } = useTranslation();
  return (['nl', 'en', 'de'] as Language[]).map((l) => (
    <button key={l} type="button" onClick={() => setLanguage(l)}>
      {l}
    </button>
  ));
}

describe('money and quantities', () => {
  it('keep money Dutch in every language while quantities follow the language chosen in the shell', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'nl');
    render(
      <I18nProvider>
        <Switch />
        <p data-testid="money">
          <Money value={1234.5} />
        </p>
        <p data-testid="quantity">
          <Quantity value="2.5" />
        </p>
      </I18nProvider>,
    );
    expect(plain(screen.getByTestId('money').textContent)).toBe('€ 1.234,50');
    expect(screen.getByTestId('quantity')).toHaveTextContent('2,50');
    await userEvent.click(screen.getByRole('button', { name: 'en' }));
    // SPEC §1: currency is euro in Dutch formatting, whatever the interface language.
    expect(plain(screen.getByTestId('money').textContent)).toBe('€ 1.234,50');
    expect(screen.getByTestId('quantity')).toHaveTextContent('2.50');
    await userEvent.click(screen.getByRole('button', { name: 'de' }));
    expect(plain(screen.getByTestId('money').textContent)).toBe('€ 1.234,50');
    expect(screen.getByTestId('quantity')).toHaveTextContent('2,50');
  });
});
