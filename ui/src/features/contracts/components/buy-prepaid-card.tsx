import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Modal } from '@/components/ui/modal';
import { formatEuro, formatQuantity } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';
import type { Id, PrepaidCardType } from '@/types/models';
import { useBuyPrepaidCard } from '../api/buy-prepaid-card';

/**
 * Tops a prepaid contract up with a card. Buying costs money, so the choice is
 * confirmed first in a dialog that names the card's hours and price.
 */
export function BuyPrepaidCard({ contractId }: { contractId: Id }) {
  const { t, language } = useTranslation();
  const { lookups } = useSession();
  const buy = useBuyPrepaidCard(contractId);
  const cards = lookups?.prepaid_cards ?? [];
  const { register, handleSubmit, watch, reset } = useForm({ defaultValues: { card: '' } });
  const [asking, setAsking] = useState<PrepaidCardType | null>(null);
  const chosen = watch('card');
  const onSubmit = handleSubmit(({ card }) => {
    const found = cards.find((c) => String(c.id) === card);
    if (found) setAsking(found);
  });
  const confirm = (card: PrepaidCardType) => {
    setAsking(null);
    buy.mutate(Number(card.id), {
      onSuccess: () => {
        toast.success(t('contract.upgraded'));
        reset();
      },
      onError: () => toast.error(t('contract.upgrade_failed')),
    });
  };
  return (
    <form className="buy-card" onSubmit={onSubmit}>
      <h2>{t('contract.buy_title')}</h2>
      <label className="field">
        <span>{t('contract.card_type')}</span>
        <select {...register('card')}>
          <option value="">{t('contract.choose_card')}</option>
          {cards.map((c) => (
            <option key={c.id} value={c.id}>
              {`${c.label || c.description} (${formatQuantity(c.hours, language)} ${t('contract.hours_unit')}, ${formatEuro(c.price)})`}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="primary" disabled={!chosen || buy.isPending}>
        {t('contract.buy')}
      </button>
      {asking && (
        <Modal
          title={t('contract.confirm_title')}
          closeLabel={t('common.close')}
          onClose={() => setAsking(null)}
          footer={
            <>
              <button type="button" onClick={() => setAsking(null)}>
                {t('common.cancel')}
              </button>
              <button type="button" className="primary" onClick={() => confirm(asking)}>
                {t('contract.confirm_buy', { price: formatEuro(asking.price) })}
              </button>
            </>
          }
        >
          <p>{t('contract.confirm_text', { hours: formatQuantity(asking.hours, language), price: formatEuro(asking.price) })}</p>
        </Modal>
      )}
    </form>
  );
}
