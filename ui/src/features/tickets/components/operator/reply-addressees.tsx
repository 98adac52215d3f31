// Who else a client-visible reply goes to: to, cc and bcc, each a list of addresses
// separated by commas, checked as the API checks them (SPEC §5: a reply goes to the
// client and these addresses; an internal note goes to no one).
import { useId } from 'react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { MAX_ADDRESSES, invalidAddress, splitAddresses } from '@/lib/addresses';
import { useTranslation, type OperatorKey } from '@/lib/i18n';

export type Addressees = { to: string; cc: string; bcc: string };
export const NO_ADDRESSEES: Addressees = { to: '', cc: '', bcc: '' };
const KINDS: [keyof Addressees, OperatorKey][] = [
  ['to', 'To'],
  ['cc', 'Cc'],
  ['bcc', 'Bcc'],
];

/** The typed lists as the API takes them: comma-separated, left out when empty. */
export function addresseeFields(values: Addressees): Partial<Addressees> {
  const fields: Partial<Addressees> = {};
  for (const [kind] of KINDS) {
    const found = splitAddresses(values[kind]);
    if (found.length) fields[kind] = found.join(',');
  }
  return fields;
}

export const hasAddressees = (values: Addressees) => KINDS.some(([kind]) => splitAddresses(values[kind]).length > 0);

export function ReplyAddressees({ register, errors }: { register: UseFormRegister<Addressees>; errors: FieldErrors<Addressees> }) {
  const { t } = useTranslation('operator');
  const id = useId();
  const open = KINDS.some(([kind]) => errors[kind]);
  return (
    <details className="reply-addressees" open={open || undefined}>
      <summary>{t('Also to')}</summary>
      {KINDS.map(([kind, label]) => (
        <div className="field" key={kind}>
          <label htmlFor={`${id}-${kind}`}>{t(label)}</label>
          <input
            id={`${id}-${kind}`}
            type="text"
            inputMode="email"
            autoComplete="off"
            placeholder={t('Addresses separated by commas')}
            aria-invalid={errors[kind] ? true : undefined}
            {...register(kind, {
              validate: (v) => {
                const wrong = invalidAddress(v);
                if (wrong !== null) return t('{field}: {address} is not a valid e-mail address', { field: t(label), address: wrong });
                return splitAddresses(v).length <= MAX_ADDRESSES || t('{field} holds more than {n} addresses', { field: t(label), n: MAX_ADDRESSES });
              },
            })}
          />
          {errors[kind] ? (
            <p className="field-error" role="alert">
              {errors[kind]?.message}
            </p>
          ) : null}
        </div>
      ))}
    </details>
  );
}
