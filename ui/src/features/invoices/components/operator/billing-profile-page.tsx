// Settings: Billing profile. The tenant as seller on its invoices: name, address with
// country code, VAT and KvK number, electronic address (Peppol scheme and id), IBAN,
// currency and default payment terms. An invoice keeps the profile it was finalised with.
import { Field, SaveRow, useSettingsForm } from '@/components/form/settings-form';
import { useTranslation, type OperatorKey } from '@/lib/i18n';
import { useBillingProfile, useSaveBillingProfile, type BillingProfile, type BillingProfileChange } from '../../api/bookkeeping';

export type Values = {
  name: string;
  street: string;
  postal_code: string;
  city: string;
  country_code: string;
  vat_number: string;
  kvk_number: string;
  scheme: string;
  address_id: string;
  email: string;
  iban: string;
  currency: string;
  payment_terms_days: string;
};

const SCHEMES: Record<string, OperatorKey> = {
  '': '(none)',
  '0106': 'KvK number (0106)',
  '9944': 'Dutch VAT number (9944)',
  '0088': 'GLN (0088)',
  '0190': 'Dutch OIN (0190)',
  EM: 'E-mail (EM)',
};

/** The form's values from the stored profile (empty texts where nothing is set). */
export function formValues(p: BillingProfile): Values {
  return {
    name: p.name ?? '',
    street: p.street ?? '',
    postal_code: p.postal_code ?? '',
    city: p.city ?? '',
    country_code: p.country_code ?? '',
    vat_number: p.vat_number ?? '',
    kvk_number: p.kvk_number ?? '',
    scheme: p.electronic_address?.scheme ?? '',
    address_id: p.electronic_address?.id ?? '',
    email: p.email ?? '',
    iban: p.iban ?? '',
    currency: p.currency || 'EUR',
    payment_terms_days: String(p.payment_terms_days ?? 30),
  };
}

const text = (v: string) => (v.trim() ? v.trim() : null);

/** What PUT /api/billing-profile gets. */
export function changeOf(v: Values): BillingProfileChange {
  return {
    name: text(v.name),
    street: text(v.street),
    postal_code: text(v.postal_code),
    city: text(v.city),
    country_code: text(v.country_code)?.toUpperCase() ?? null,
    vat_number: text(v.vat_number),
    kvk_number: text(v.kvk_number),
    electronic_address: v.scheme && v.address_id.trim() ? { scheme: v.scheme as '0106', id: v.address_id.trim() } : null,
    email: text(v.email),
    iban: text(v.iban),
    currency: text(v.currency)?.toUpperCase() ?? 'EUR',
    payment_terms_days: Number(v.payment_terms_days),
  };
}

/** Which form field an API error key belongs to. */
export function fieldOf(key: string): keyof Values | null {
  const name = key.replace(/^body\./, '');
  if (name.startsWith('electronic_address')) return name.endsWith('.id') ? 'address_id' : 'scheme';
  const known: (keyof Values)[] = ['name', 'street', 'postal_code', 'city', 'country_code', 'vat_number', 'kvk_number', 'email', 'iban', 'currency', 'payment_terms_days'];
  const found = known.find((k) => name === k || name.startsWith(`${k}.`));
  return found ?? null;
}

export function BillingProfilePage() {
  const { t } = useTranslation('operator');
  const profile = useBillingProfile();
  const save = useSaveBillingProfile();
  const { form, onSubmit, input } = useSettingsForm({
    stored: profile.data,
    save: save.mutateAsync,
    toValues: formValues,
    toChange: changeOf,
    fieldOf,
    savedText: t('Billing profile saved'),
  });
  const { register, formState } = form;
  const { errors } = formState;

  if (profile.isPending) return <p role="status">{t('Loading…')}</p>;
  if (profile.isError) {
    return (
      <section>
        <h1>{t('Billing profile')}</h1>
        <p role="alert">{t('The billing profile could not be loaded.')}</p>
      </section>
    );
  }
  const required = (label: string) => ({ validate: (v: string) => !!v.trim() || t('{field} is required', { field: label }) });

  return (
    <section className="billing-profile">
      <h1>{t('Billing profile')}</h1>
      <p className="muted">{t('The seller on every invoice. A finalised invoice keeps the profile it was finalised with.')}</p>
      <form onSubmit={onSubmit} noValidate>
        <fieldset>
          <legend>{t('Seller')}</legend>
          <Field label={t('Name')} error={errors.name?.message}>
            {(id) => input(register('name', required(t('Name'))), id, { autoComplete: 'organization' })}
          </Field>
          <Field label={t('Street')} error={errors.street?.message}>
            {(id) => input(register('street'), id, { autoComplete: 'street-address' })}
          </Field>
          <Field label={t('Postal code')} error={errors.postal_code?.message}>
            {(id) => input(register('postal_code'), id, { autoComplete: 'postal-code' })}
          </Field>
          <Field label={t('City')} error={errors.city?.message}>
            {(id) => input(register('city'), id)}
          </Field>
          <Field label={t('Country code')} error={errors.country_code?.message} hint={t('Two letters, such as NL')}>
            {(id) =>
              input(
                register('country_code', {
                  validate: (v) => /^[A-Za-z]{2}$/.test(v.trim()) || t('{field} is two letters, such as NL', { field: t('Country code') }),
                }),
                id,
                { maxLength: 2, 'aria-describedby': `${id}-hint` },
              )
            }
          </Field>
          <Field label={t('VAT number')} error={errors.vat_number?.message}>
            {(id) => input(register('vat_number'), id)}
          </Field>
          <Field label={t('KvK number')} error={errors.kvk_number?.message}>
            {(id) =>
              input(
                register('kvk_number', { validate: (v) => !v.trim() || /^\d{8}$/.test(v.trim()) || t('{field} has 8 digits', { field: t('KvK number') }) }),
                id,
                { inputMode: 'numeric', maxLength: 8 },
              )
            }
          </Field>
          <Field label={t('Email')} error={errors.email?.message}>
            {(id) => input(register('email'), id, { type: 'email' })}
          </Field>
        </fieldset>
        <fieldset>
          <legend>{t('Electronic address')}</legend>
          <Field label={t('Scheme')} error={errors.scheme?.message}>
            {(id) => (
              <select id={id} {...register('scheme')}>
                {Object.entries(SCHEMES).map(([value, label]) => (
                  <option key={value} value={value}>
                    {t(label)}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label={t('Identifier')} error={errors.address_id?.message}>
            {(id) => input(register('address_id'), id)}
          </Field>
        </fieldset>
        <fieldset>
          <legend>{t('Payment')}</legend>
          <Field label={t('IBAN')} error={errors.iban?.message}>
            {(id) => input(register('iban'), id)}
          </Field>
          <Field label={t('Currency')} error={errors.currency?.message}>
            {(id) =>
              input(
                register('currency', { validate: (v) => /^[A-Za-z]{3}$/.test(v.trim()) || t('{field} is three letters, such as EUR', { field: t('Currency') }) }),
                id,
                { maxLength: 3 },
              )
            }
          </Field>
          <Field label={t('Payment terms (days)')} error={errors.payment_terms_days?.message}>
            {(id) =>
              input(
                register('payment_terms_days', {
                  validate: (v) => (/^\d{1,3}$/.test(v.trim()) && Number(v) <= 365) || t('{field} is a number of days from 0 to 365', { field: t('Payment terms (days)') }),
                }),
                id,
                { inputMode: 'numeric' },
              )
            }
          </Field>
        </fieldset>
        <SaveRow form={form} />
      </form>
    </section>
  );
}
