import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { quietClient, unwrap } from '@/lib/api-client';
import { useTranslation } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { CalendarForm, type Calendar } from './calendar-form';

const KEY = ['business-hour-contracts'];

/** The business-hour calendars SLA policies run their clocks in: pick one to edit, or
 * add one. */
export function CalendarsPage() {
  const { t } = useTranslation('operator');
  const queries = useQueryClient();
  const calendars = useQuery({
    queryKey: KEY,
    queryFn: async () => (await unwrap(quietClient.GET('/api/business-hour-contracts'))).data as Calendar[],
    retry: false,
  });
  const [chosen, setChosen] = useState<number | 'new' | null>(null);
  const list = calendars.data ?? [];
  const current = chosen === 'new' ? null : (list.find((c) => c.id === chosen) ?? null);
  const saved = (calendar: Calendar) => {
    toast.success(t('Item updated.'));
    setChosen(calendar.id);
    void queries.invalidateQueries({ queryKey: KEY });
  };
  return (
    <section className="calendars">
      <h1>{t('Business hours')}</h1>
      {calendars.isError && <p role="alert">{calendars.error instanceof Error ? calendars.error.message : String(calendars.error)}</p>}
      <ul>
        {list.map((c) => (
          <li key={c.id}>
            <button type="button" aria-pressed={chosen === c.id} onClick={() => setChosen(c.id)}>
              {c.label}
              {c.is_default ? ` (${t('Default')})` : ''}
            </button>
          </li>
        ))}
      </ul>
      <button type="button" onClick={() => setChosen('new')}>
        {t('New calendar')}
      </button>
      {(chosen === 'new' || current) && <CalendarForm key={String(chosen)} calendar={current} onSaved={saved} />}
    </section>
  );
}
