import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { messageFormat } from '@/components/ui/plain-text';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { updateMessage, type MessageChanges } from '../../api/update-message';
import type { Operator, OperatorMessage } from '@/types/operator';
import { useTranslation } from '@/lib/i18n';
import { RichEditor } from '@/components/form/rich-editor';
import { errorsByField, fieldErrorText } from '@/components/form/field-error';

type EditValues = { message: string; visible: boolean };

/** Only what differs from the message as loaded; empty when nothing changed. */
export function messageChanges(original: OperatorMessage, draft: EditValues): MessageChanges {
  const changes: MessageChanges = {};
  if (draft.message !== original.message) changes.message = draft.message;
  if (draft.visible !== Boolean(Number(original.visible_to_client))) changes.visible_to_client = draft.visible ? 1 : 0;
  return changes;
}

/** Text with nothing in it but tags, no-break spaces and white space. */
const isBlank = (text: string) => text.replace(/<(?!img)[^>]*>|&nbsp;|\s/g, '') === '';

type Props = { message: OperatorMessage; operators: Operator[]; onDone: (saved: boolean) => void };

/**
 * Edit mode of one message, on react-hook-form: save sends the changed fields, or just
 * closes; an emptied text is refused under the field, as is what the API refuses.
 */
export function MessageEdit({ message, operators, onDone }: Props) {
  const { t } = useTranslation('operator');
  const id = useId();
  const label = t('Edit message {id}', { id: message.id });
  const { control, register, handleSubmit, setError, formState } = useForm<EditValues>({
    defaultValues: { message: message.message, visible: Boolean(Number(message.visible_to_client)) },
  });
  const error = formState.errors.message?.message;
  const aria = { invalid: Boolean(error), describedBy: error ? `${id}-error` : undefined };
  const save = handleSubmit(async (values) => {
    const changes = messageChanges(message, values);
    if (Object.keys(changes).length === 0) return onDone(false);
    try {
      await updateMessage(message.id, changes);
      toast.success(t('Item updated.'));
      onDone(true);
    } catch (failure) {
      // The API client already showed the server's message; a 422 also goes under the text.
      const fields = failure instanceof ApiError && failure.status === 422 ? errorsByField(failure.body?.errors) : {};
      if (fields.message) setError('message', { type: 'server', message: fieldErrorText(t, t('Message'), fields.message) });
    }
  });
  return (
    <form className="message-edit" aria-label={label} noValidate onSubmit={(e) => void save(e)}>
      <Controller
        name="message"
        control={control}
        rules={{ validate: (text) => !isBlank(text) || t('{field} is required', { field: t('Message') }) }}
        render={({ field }) =>
          messageFormat(message) === 'text' ? (
            // A client's text is edited as text: loading it into the HTML editor would
            // interpret it in the operator's page.
            <textarea
              aria-label={label}
              aria-invalid={aria.invalid || undefined}
              aria-describedby={aria.describedBy}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              rows={6}
              style={{ width: '100%' }}
            />
          ) : (
            <RichEditor label={label} initialHtml={message.message} onChange={field.onChange} operators={operators} height={160} {...aria} />
          )
        }
      />
      {error && (
        <p role="alert" id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
      <label htmlFor={`${id}-visible`}>
        <input id={`${id}-visible`} type="checkbox" {...register('visible')} /> {t('Visible to the client')}
      </label>{' '}
      <button type="button" onClick={() => onDone(false)}>
        {t('Cancel')}
      </button>{' '}
      <button type="submit" className="primary" disabled={formState.isSubmitting}>
        {t('Save')}
      </button>
    </form>
  );
}
