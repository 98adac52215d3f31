import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import { useTranslation } from '@/lib/i18n';
import { requestPasswordReset } from '../api/request-password-reset';
import { AuthLayout } from './auth-layout';

export function PasswordResetRequest() {
  const { t } = useTranslation();
  const [sent, setSent] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm({ defaultValues: { email: '' } });
  const onSubmit = handleSubmit(async ({ email }) => {
    try {
      const r = await requestPasswordReset(email);
      setSent(r.message || t('auth.reset_sent'));
    } catch {
      // The error toast says what went wrong.
    }
  });
  return (
    <AuthLayout title={t('auth.reset_request')}>
      {sent ? (
        <p role="status">{sent}</p>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <label className="field">
            <span>{t('auth.email')}</span>
            <input type="email" autoComplete="email" {...register('email', { required: t('auth.email_required') })} />
          </label>
          {formState.errors.email && (
            <p className="field-error" role="alert">
              {formState.errors.email.message}
            </p>
          )}
          <button type="submit" className="primary" disabled={formState.isSubmitting}>
            {t('auth.send_link')}
          </button>
        </form>
      )}
      <p>
        <Link to="/login">{t('auth.back_to_login')}</Link>
      </p>
    </AuthLayout>
  );
}
