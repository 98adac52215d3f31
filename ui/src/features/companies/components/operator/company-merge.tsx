import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Modal } from '@/components/ui/modal';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { previewCompanyMerge, type MergePreview, type MovedRecords } from '@/features/companies/api/company-merge';
import { mergeRecords } from '@/components/records/api/merge-records';
import { useTranslation, type OperatorKey, type Translate } from '@/lib/i18n';

const RECORD_TEXTS: [keyof MovedRecords, OperatorKey][] = [
  ['clients', 'Clients: {n}'],
  ['tickets', 'Tickets: {n}'],
  ['quotes', 'Quotes: {n}'],
  ['contracts', 'Contracts: {n}'],
  ['subscriptions', 'Subscriptions: {n}'],
  ['assets', 'Assets: {n}'],
  ['invoices', 'Invoices: {n}'],
  ['deals', 'Deals: {n}'],
  ['projects', 'Projects: {n}'],
  ['used_products', 'Used products: {n}'],
  ['locations', 'Locations: {n}'],
  ['ticket_groups', 'Ticket groups: {n}'],
];

/** The API's refusals of a merge, which the dialog shows in the interface language. */
const REFUSALS: OperatorKey[] = [
  'Name at least two different companies.',
  'The company has already been merged.',
  'The company has been merged into another.',
];

function refusal(error: unknown, t: Translate<'operator'>): string {
  const message = error instanceof ApiError ? error.body?.message : undefined;
  return message && (REFUSALS as string[]).includes(message) ? t(message as OperatorKey) : t('The companies could not be merged');
}

type Props = { ids: (number | string)[]; onClose: () => void; onMerged: () => void };
type MergeValues = { survivor: string };

/**
 * Confirms a company merge on react-hook-form: the operator picks the company that
 * survives (the first ticked unless another is chosen), and the dialog names it and, for
 * each company merged into it, the records that move there.
 */
export function CompanyMergeDialog({ ids, onClose, onMerged }: Props) {
  const { t } = useTranslation('operator');
  const formId = useId();
  const ticked = ids.map(String);
  const { register, handleSubmit, setError, watch, formState } = useForm<MergeValues>({ defaultValues: { survivor: ticked[0] } });
  const chosen = watch('survivor');
  const order = (survivor: string) => [survivor, ...ticked.filter((id) => id !== survivor)];
  const [preview, setPreview] = useState<MergePreview | null>(null);
  const [names, setNames] = useState<Record<string, string>>({});
  useEffect(() => {
    let live = true;
    setPreview(null);
    previewCompanyMerge(order(chosen)).then(
      (found) => {
        if (!live) return;
        setPreview(found);
        const named = [found.survivor, ...found.merged].map((c) => [String(c.id), c.name ?? String(c.id)]);
        setNames((known) => ({ ...known, ...Object.fromEntries(named) }));
      },
      () => live && onClose(),
    );
    return () => {
      live = false;
    };
    // the ticked ids are fixed while the dialog is open: a preview per chosen survivor
  }, [chosen]);
  const submit = handleSubmit(async ({ survivor }) => {
    try {
      await mergeRecords('companies', order(survivor), { quiet: true });
    } catch (error) {
      setError('root.server', { type: 'server', message: refusal(error, t) });
      return;
    }
    toast.success(t('Companies merged'));
    onMerged();
  });
  const survivor = preview?.survivor.name ?? '';
  const known = Object.keys(names).length > 0;
  const serverError = formState.errors.root?.server?.message;
  return (
    <Modal
      title={t('Merge companies')}
      closeLabel={t('Close')}
      onClose={onClose}
      footer={
        <>
          <button type="button" onClick={onClose}>
            {t('Cancel')}
          </button>
          <button type="submit" form={formId} className="primary" disabled={!preview || formState.isSubmitting}>
            {preview ? t('Merge into {name}', { name: survivor }) : t('Merge')}
          </button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(e) => void submit(e)}>
        {known && (
          <fieldset className="merge-survivor">
            <legend>{t('Which company survives?')}</legend>
            {ticked.map((id) => (
              <label key={id} className="radio">
                <input type="radio" value={id} {...register('survivor')} /> {names[id] ?? id}
              </label>
            ))}
          </fieldset>
        )}
        {preview ? (
          <>
            <p>
              <strong>{t('Surviving company: {name}', { name: survivor })}</strong>
            </p>
            <p>{t('Merged into {name} and archived:', { name: survivor })}</p>
            <ul aria-label={t('Merged into {name} and archived:', { name: survivor })}>
              {preview.merged.map((company) => {
                const moving = RECORD_TEXTS.filter(([kind]) => company.records[kind] > 0);
                return (
                  <li key={company.id}>
                    <span>{company.name}</span>
                    <ul>
                      {moving.length === 0 ? (
                        <li>{t('Nothing to move')}</li>
                      ) : (
                        moving.map(([kind, text]) => <li key={kind}>{t(text, { n: company.records[kind] })}</li>)
                      )}
                    </ul>
                  </li>
                );
              })}
            </ul>
          </>
        ) : (
          <p role="status">{t('Loading…')}</p>
        )}
        {serverError && (
          <p role="alert" className="field-error">
            {serverError}
          </p>
        )}
      </form>
    </Modal>
  );
}
