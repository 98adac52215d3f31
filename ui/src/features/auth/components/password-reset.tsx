import { useNavigate, useParams } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import { useTranslation } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { resetPassword } from '../api/reset-password';
import { AuthLayout } from './auth-layout';

export const MIN_PASSWORD_LENGTH = 8;

type Values = { password: string; password_confirmation: string };

export function PasswordReset() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const { register, handleSubmit, getValues, formState } = useForm<Values>({
    defaultValues: { password: '', password_confirmation: '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    try {
      const r = await resetPassword({ token, ...values });
      toast.success(r.message || t('auth.reset_done'));
      navigate('/login', { replace: true });
    } catch {
      // The error toast shows the server's field errors.
    }
  });
  const { errors } = formState;
  return (
    <AuthLayout title={t('auth.reset')}>
      <form onSubmit={onSubmit} noValidate>
        <label className="field">
          <span>{t('auth.new_password')}</span>
          <input
            type="password"
            autoComplete="new-password"
            {...register('password', {
              required: t('auth.password_required'),
              minLength: { value: MIN_PASSWORD_LENGTH, message: t('auth.min_length', { length: MIN_PASSWORD_LENGTH }) },
            })}
          />
        </label>
        {errors.password && (
          <p className="field-error" role="alert">
            {errors.password.message}
          </p>
        )}
        <label className="field">
          <span>{t('auth.confirm_password')}</span>
          <input
            type="password"
            autoComplete="new-password"
            {...register('password_confirmation', {
              validate: (v) => v === getValues('password') || t('auth.passwords_differ'),
            })}
          />
        </label>
        {errors.password_confirmation && (
          <p className="field-error" role="alert">
            {errors.password_confirmation.message}
          </p>
        )}
        <button type="submit" className="primary" disabled={formState.isSubmitting}>
          {t('auth.save_password')}
        </button>
      </form>
    </AuthLayout>
  );
}
