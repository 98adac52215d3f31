import { useId, useState } from 'react';
import { searchProducts, type Product } from '../../api/search-products';
import { SearchSelect, type SearchOption } from '../filters/search-select';
import { NumberInput } from './number-input';
import { useTranslation } from '@/lib/i18n';

export type NewLine = { description: string; quantity: number; price: number };

const productLabel = (row: Record<string, unknown>) => `${String(row.product_code ?? '')} ${String(row.product_name ?? '')}`.trim();

/**
 * A line for a quote or a draft invoice: description, quantity and price (a typed comma
 * becomes a dot). Picking a product fills the description, and the price when it has one.
 */
export function LineForm({ label, onAdd }: { label?: string; onAdd: (line: NewLine) => Promise<void> }) {
  const { t } = useTranslation('operator');
  const id = useId();
  const [product, setProduct] = useState<SearchOption | null>(null);
  const [description, setDescription] = useState('');
  const [quantity, setQuantity] = useState('1');
  const [price, setPrice] = useState('');
  const [busy, setBusy] = useState(false);
  const valid = description.trim() !== '' && quantity !== '' && Number.isFinite(Number(quantity)) && price !== '' && Number.isFinite(Number(price));
  return (
    <form
      aria-label={label ?? t('Add a line')}
      className="add-line"
      onSubmit={async (e) => {
        e.preventDefault();
        if (!valid) return;
        setBusy(true);
        try {
          await onAdd({ description: description.trim(), quantity: Number(quantity), price: Number(price) });
          setProduct(null);
          setDescription('');
          setQuantity('1');
          setPrice('');
        } catch {
          // The API client already showed the server's message; the values stay.
        } finally {
          setBusy(false);
        }
      }}
    >
      <SearchSelect
        label={t('Product')}
        lookup="products"
        value={product}
        search={(text, signal) => searchProducts(text, signal)}
        optionLabel={productLabel}
        onChange={(picked) => {
          setProduct(picked);
          const row = picked?.row as Product | undefined;
          if (!row) return;
          setDescription(productLabel(row));
          if (row.price !== undefined && row.price !== null && row.price !== '') setPrice(String(row.price));
        }}
      />
      <div className="field">
        <label htmlFor={`${id}-description`}>{t('Description')}</label>
        <input id={`${id}-description`} value={description} onChange={(e) => setDescription(e.target.value)} />
      </div>
      <NumberInput label={t('Quantity')} value={quantity} onChange={setQuantity} />
      <NumberInput label={t('Price')} value={price} onChange={setPrice} />
      <button type="submit" disabled={!valid || busy}>
        {t('Add line')}
      </button>
    </form>
  );
}
