import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import { useTranslation } from '@/lib/i18n';
import { homePath } from '@/lib/session';
import { login } from '../api/login';
import { AuthLayout } from './auth-layout';

type Values = { username: string; password: string };

export function LoginForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { guard } = useParams();
  const [busy, setBusy] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<Values>({ defaultValues: { username: '', password: '' } });
  const onSubmit = handleSubmit(async (values) => {
    setBusy(true);
    try {
      const answer = await login(values);
      navigate(homePath(answer.user), { replace: true });
    } catch {
      setBusy(false);
    }
  });
  return (
    <AuthLayout title={t('auth.login')}>
      <form onSubmit={onSubmit} noValidate data-guard={guard ?? ''}>
        <label className="field">
          <span>{t('auth.email')}</span>
          <input
            type="email"
            autoComplete="username"
            aria-invalid={Boolean(errors.username)}
            {...register('username', { required: t('auth.email_required') })}
          />
        </label>
        {errors.username && (
          <p className="field-error" role="alert">
            {errors.username.message}
          </p>
        )}
        <label className="field">
          <span>{t('auth.password')}</span>
          <input
            type="password"
            autoComplete="current-password"
            aria-invalid={Boolean(errors.password)}
            {...register('password', { required: t('auth.password_required') })}
          />
        </label>
        {errors.password && (
          <p className="field-error" role="alert">
            {errors.password.message}
          </p>
        )}
        <button type="submit" className="primary" disabled={busy}>
          {t('auth.sign_in')}
        </button>
      </form>
      <p>
        <Link to="/password-reset">{t('auth.forgot')}</Link>
      </p>
    </AuthLayout>
  );
}
