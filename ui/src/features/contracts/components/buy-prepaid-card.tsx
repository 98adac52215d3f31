import { useForm } from 'react-hook-form';
import { formatEuro } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import type { Id } from '@/types/models';
import { useBuyPrepaidCard } from '../api/buy-prepaid-card';

export function BuyPrepaidCard({ contractId }: { contractId: Id }) {
  const { t } = useTranslation();
  const { lookups } = useSession();
  const buy = useBuyPrepaidCard(contractId);
  const { register, handleSubmit, watch, reset } = useForm({ defaultValues: { card: '' } });
  const chosen = watch('card');
  const onSubmit = handleSubmit(({ card }) =>
    buy.mutate(Number(card), {
      onSuccess: () => {
        toast.success(t('contract.upgraded'));
        reset();
      },
      onError: () => toast.error(t('contract.upgrade_failed')),
    }),
  );
  return (
    <form className="buy-card" onSubmit={onSubmit}>
      <h2>{t('contract.buy_title')}</h2>
      <label className="field">
        <span>{t('contract.card_type')}</span>
        <select {...register('card')}>
          <option value="">{t('contract.choose_card')}</option>
          {(lookups?.prepaid_cards ?? []).map((c) => (
            <option key={c.id} value={c.id}>
              {`${c.label || c.description} (${c.hours} ${t('contract.hours_unit')}, ${formatEuro(c.price)})`}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="primary" disabled={!chosen || buy.isPending}>
        {t('contract.buy')}
      </button>
    </form>
  );
}
