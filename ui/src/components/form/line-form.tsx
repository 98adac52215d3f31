import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { searchProducts, type Product } from '@/components/form/api/search-products';
import { SearchSelect, type SearchOption } from '@/components/filters/search-select';
import { NumberInput } from './number-input';
import { useTranslation } from '@/lib/i18n';
import { formatDecimalInput, parseDecimal } from '@/lib/format';

export type NewLine = { description: string; quantity: number; price: number };

type LineValues = { product: SearchOption | null; description: string; quantity: string; price: string };
const EMPTY: LineValues = { product: null, description: '', quantity: '1', price: '' };

const productLabel = (row: Record<string, unknown>) => `${String(row.product_code ?? '')} ${String(row.product_name ?? '')}`.trim();

/**
 * A line for a quote or a draft invoice on react-hook-form: description, quantity and price
 * (typed with a decimal point, a comma becoming one: SPEC §5). Picking a product fills the
 * description, and the price when it has one.
 */
export function LineForm({ label, onAdd }: { label?: string; onAdd: (line: NewLine) => Promise<void> }) {
  const { t } = useTranslation('operator');
  const id = useId();
  const { control, register, handleSubmit, reset, setValue, watch, formState } = useForm<LineValues>({ defaultValues: EMPTY });
  const [description, quantity, price] = watch(['description', 'quantity', 'price']);
  const valid = description.trim() !== '' && parseDecimal(quantity) !== null && parseDecimal(price) !== null;
  const submit = handleSubmit(async (v) => {
    try {
      await onAdd({ description: v.description.trim(), quantity: parseDecimal(v.quantity) ?? 0, price: parseDecimal(v.price) ?? 0 });
      reset(EMPTY);
    } catch {
      // The API client already showed the server's message; the values stay.
    }
  });
  return (
    <form aria-label={label ?? t('Add a line')} className="add-line" onSubmit={(e) => void submit(e)}>
      <Controller
        name="product"
        control={control}
        render={({ field }) => (
          <SearchSelect
            label={t('Product')}
            lookup="products"
            value={field.value}
            search={(text, signal) => searchProducts(text, signal)}
            optionLabel={productLabel}
            onChange={(picked) => {
              field.onChange(picked);
              const row = picked?.row as Product | undefined;
              if (!row) return;
              setValue('description', productLabel(row));
              if (row.price !== undefined && row.price !== null && row.price !== '') setValue('price', formatDecimalInput(row.price));
            }}
          />
        )}
      />
      <div className="field">
        <label htmlFor={`${id}-description`}>{t('Description')}</label>
        <input id={`${id}-description`} {...register('description')} />
      </div>
      <Controller name="quantity" control={control} render={({ field }) => <NumberInput label={t('Quantity')} value={field.value} onChange={field.onChange} />} />
      <Controller name="price" control={control} render={({ field }) => <NumberInput label={t('Price')} value={field.value} onChange={field.onChange} />} />
      <button type="submit" disabled={!valid || formState.isSubmitting}>
        {t('Add line')}
      </button>
    </form>
  );
}
