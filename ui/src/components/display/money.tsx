import { formatEuro, formatQuantity } from '@/lib/format';
import { useLanguage } from '@/lib/i18n';

/** An amount in euro in Dutch formatting in every interface language (SPEC §1): € 1.234,50. */
export function Money({ value }: { value: number | string | null | undefined }) {
  return <span className="amount">{formatEuro(value)}</span>;
}

/** A quantity in the interface language's way: whole as it is, else two decimals. */
export function Quantity({ value }: { value: number | string | null | undefined }) {
  const language = useLanguage();
  return <>{formatQuantity(value, language)}</>;
}
