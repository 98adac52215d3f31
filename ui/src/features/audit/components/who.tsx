import { useTranslation } from '@/lib/i18n';
import type { AuditEvent } from '../api/get-audit-events';

/** An event's actor as 'Full Name (role)': system and client in the interface language, a service by its name. */
export function Who({ actor }: { actor: AuditEvent['actor'] }) {
  const { t } = useTranslation('operator');
  const role = actor.role === 'system' ? t('System') : actor.role === 'client' ? t('Client') : actor.role;
  // seeding and followers act as 'system'; another service (the SLA timer) by its name
  if (actor.id === 'system') return <span className="audit-who">{t('System')}</span>;
  return (
    <span className="audit-who">
      {actor.full_name ?? actor.id ?? '—'}
      {role && <span className="audit-role"> ({role})</span>}
    </span>
  );
}
