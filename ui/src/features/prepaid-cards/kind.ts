import type { RecordKind } from '@/components/records/record-form';
import { settingKind } from '@/components/records/kind-parts';

/** A prepaid card on offer: hours for a price, which a client buys in the portal. */
export const prepaidCardKind: RecordKind = settingKind(
  'prepaid-cards',
  'Prepaid card',
  'Prepaid cards',
  'New prepaid card',
  [
    { name: 'description', label: 'Description', type: 'text', maxLength: 200 },
    { name: 'hours', label: 'Hours', type: 'number', required: true },
    { name: 'price', label: 'Price', type: 'number', required: true },
  ],
  [
    { label: 'Description', field: 'description', as: 'text' },
    { label: 'Hours', field: 'hours', as: 'hours' },
    { label: 'Price', field: 'price', as: 'money' },
  ],
);
