import { useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nProvider, useTranslation } from '@/lib/i18n';
import { SessionProvider, type Session } from '@/lib/session';
import { Toaster } from '@/lib/toast';

export function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 10_000 },
      mutations: { retry: false },
    },
  });
}

function Toasts() {
  const { t } = useTranslation();
  return <Toaster closeLabel={t('common.close')} />;
}

export function AppProvider({
  children,
  queryClient,
  session,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
  session?: Partial<Session>;
}) {
  const [client] = useState(() => queryClient ?? makeQueryClient());
  return (
    <QueryClientProvider client={client}>
      <I18nProvider>
        <SessionProvider initial={session}>
          {children}
          <Toasts />
        </SessionProvider>
      </I18nProvider>
    </QueryClientProvider>
  );
}
