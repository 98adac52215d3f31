import { useEffect, useState, type ReactNode } from 'react';
import { LanguageSwitch } from '@/components/ui/language-switch';
import { useTranslation } from '@/lib/i18n';
import { getStatus } from '../api/get-status';

/** The frame of the screens before sign-in: tenant title and the language choice. */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  const [tenant, setTenant] = useState('');
  useEffect(() => {
    getStatus()
      .then((s) => {
        setTenant(s.tenant_name);
        document.title = t('app.title', { tenant: s.tenant_name });
      })
      .catch(() => undefined);
  }, [t]);
  return (
    <main className="auth-layout">
      <div className="auth-card">
        <div className="auth-header">
          <span className="brand">{tenant ? t('app.title', { tenant }) : t('app.portal')}</span>
          <LanguageSwitch />
        </div>
        <h1>{title}</h1>
        {children}
      </div>
    </main>
  );
}
