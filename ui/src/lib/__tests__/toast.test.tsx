import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { toast, Toaster, TOAST_DURATION_MS } from '../toast';
import { LANGUAGE_STORAGE_KEY } from '../i18n';

afterEach(() => vi.useRealTimers());

describe('toasts', () => {
  it('stay 5000 ms, then go', () => {
    vi.useFakeTimers();
    render(<Toaster closeLabel="Close" />);
    act(() => toast.success('Prepaid card upgraded'));
    expect(screen.getByText('Prepaid card upgraded')).toBeInTheDocument();
    expect(TOAST_DURATION_MS).toBe(5000);
    act(() => vi.advanceTimersByTime(4999));
    expect(screen.getByText('Prepaid card upgraded')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Prepaid card upgraded')).not.toBeInTheDocument();
  });

  it('show an error title in bold with its lines, and can be closed', () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    render(<Toaster closeLabel="Close" />);
    act(() => toast.error('The given data was invalid.', ['Priority is required'], true));
    expect(screen.getByText('The given data was invalid.').tagName).toBe('STRONG');
    expect(screen.getByRole('listitem')).toHaveTextContent('Priority is required');
    act(() => screen.getByRole('button', { name: 'Close' }).click());
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
  });

  it('sit in a live region at the bottom centre', () => {
    render(<Toaster closeLabel="Close" />);
    const region = screen.getByRole('status');
    expect(region).toHaveClass('toaster');
    expect(region).toHaveAttribute('aria-live', 'polite');
  });

  it('show a message the server repeats as its field error once', () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    render(<Toaster closeLabel="Close" />);
    const wrong = 'These credentials do not match our records.';
    act(() => toast.error(wrong, [wrong], true));
    expect(screen.getAllByText(wrong)).toHaveLength(1);
    expect(screen.queryByRole('listitem')).not.toBeInTheDocument();
  });

  it("show the server's known messages in Dutch, naming fields by their label", () => {
    render(<Toaster closeLabel="Sluiten" />);
    act(() => toast.error('The given data was invalid.', ['Subject is required', 'The priority_id field is required.', 'Odd thing'], true));
    expect(screen.getByText('De ingevoerde gegevens zijn ongeldig.').tagName).toBe('STRONG');
    const lines = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(lines).toEqual(['Onderwerp is verplicht', 'Prioriteit is verplicht', 'Odd thing']);
  });
});
