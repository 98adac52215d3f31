// A settings page's form: filled from what is stored, saved whole, and a refusal's
// messages shown under the fields they name (any other above the Save button).
import { useEffect, useId, type ReactNode } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path, type UseFormRegisterReturn, type UseFormReturn } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';
import { useTranslation } from '@/lib/i18n';
import { toast } from '@/lib/toast';

type Options<V extends FieldValues, S, C> = {
  /** What is stored, once loaded. */
  stored: S | undefined;
  /** Saves the change and answers what is stored then. */
  save: (change: C) => Promise<S>;
  toValues: (stored: S) => V;
  toChange: (values: V) => C;
  /** The form field an error key of the answer (such as 'body.name') belongs to. */
  fieldOf: (key: string) => Path<V> | null;
  /** The toast once saved. */
  savedText: string;
};

/** The form, its submit handler and an input marked invalid while its field has an error. */
export function useSettingsForm<V extends FieldValues, S, C>({ stored, save, toValues, toChange, fieldOf, savedText }: Options<V, S, C>) {
  const { t } = useTranslation('operator');
  const form = useForm<V>({ defaultValues: stored ? (toValues(stored) as DefaultValues<V>) : undefined });
  const { reset, setError, formState } = form;
  useEffect(() => {
    if (stored) reset(toValues(stored));
  }, [stored, reset, toValues]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      reset(toValues(await save(toChange(values))));
      toast.success(savedText);
    } catch (e) {
      const named = Object.entries(e instanceof ApiError ? (e.body?.errors ?? {}) : {});
      if (named.length === 0) {
        const message = e instanceof ApiError ? e.body?.message : undefined;
        setError('root.server', { type: 'server', message: message ?? t('The settings were not saved.') });
        return;
      }
      for (const [key, texts] of named) {
        const message = ([] as string[]).concat(texts)[0] ?? '';
        setError(fieldOf(key) ?? 'root.server', { type: 'server', message });
      }
    }
  });

  const input = (r: UseFormRegisterReturn, id: string, extra: Record<string, unknown> = {}) => (
    <input id={id} aria-invalid={form.getFieldState(r.name as Path<V>, formState).invalid ? true : undefined} {...extra} {...r} />
  );
  return { form, onSubmit, input };
}

/** A labelled field with an optional hint (`${id}-hint`, for aria-describedby) and its error. */
export function Field({ label, error, hint, children }: { label: string; error?: string; hint?: ReactNode; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children(id)}
      {hint ? (
        <small className="muted" id={`${id}-hint`}>
          {hint}
        </small>
      ) : null}
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The message no field holds, and the Save button (off while saving). */
export function SaveRow<V extends FieldValues>({ form }: { form: UseFormReturn<V> }) {
  const { t } = useTranslation('operator');
  const { errors, isSubmitting } = form.formState;
  return (
    <>
      {errors.root?.server ? (
        <p className="field-error" role="alert">
          {errors.root.server.message}
        </p>
      ) : null}
      <button type="submit" className="primary" disabled={isSubmitting}>
        {t('Save')}
      </button>
    </>
  );
}
