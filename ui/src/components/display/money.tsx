import { formatEuro, formatQuantity } from '@/lib/format';
import { useLanguage } from '@/lib/i18n';

/** An amount in euro the way the interface language writes money: € 1.234,50, €1,234.50, 1.234,50 €. */
export function Money({ value }: { value: number | string | null | undefined }) {
  const language = useLanguage();
  return <span className="amount">{formatEuro(value, language)}</span>;
}

/** A quantity in the interface language's way: whole as it is, else two decimals. */
export function Quantity({ value }: { value: number | string | null | undefined }) {
  const language = useLanguage();
  return <>{formatQuantity(value, language)}</>;
}
