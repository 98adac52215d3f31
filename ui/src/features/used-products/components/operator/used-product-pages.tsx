import { Money, Quantity } from '@/components/display/money';
import { toast } from '@/lib/toast';
import { useTranslation } from '@/lib/i18n';
import type { Id } from '@/types/operator';
import { Badge } from '@/components/display/badges';
import { OperatorList, type OperatorColumn } from '@/components/records/operator-list';
import { companyCell, describedCell, type Engagement } from '@/components/records/engagement-columns';
import { NewRecordLink } from '@/components/records/record-form';
import { invoiceUsedProducts } from '../../api/invoice-used-products';
import { INVOICE_MOMENTS, USED_PRODUCT_TYPES, usedProductKind } from '../../kind';

export type UsedProduct = Engagement & {
  quantity: number;
  price: number;
  total: number;
  type: number;
  invoice_moment: number;
  project_id?: Id | null;
  ticket_id?: Id | null;
};

export function UsedProductsPage() {
  const { t } = useTranslation('operator');
  const columns: OperatorColumn<UsedProduct>[] = [
    describedCell('used-products.show'),
    companyCell,
    { id: 'type', label: 'Type', cell: (u) => <Badge label={u.type in USED_PRODUCT_TYPES ? t(USED_PRODUCT_TYPES[u.type]) : String(u.type)} styleName="info" /> },
    { id: 'moment', label: 'Invoice moment', cell: (u) => (u.invoice_moment in INVOICE_MOMENTS ? t(INVOICE_MOMENTS[u.invoice_moment]) : String(u.invoice_moment)) },
    { id: 'quantity', label: 'Quantity', cell: (u) => <Quantity value={u.quantity} /> },
    { id: 'total', label: 'Total', cell: (u) => <Money value={u.total} /> },
  ];
  return (
    <>
      <NewRecordLink kind={usedProductKind} />
      <OperatorList<UsedProduct>
        route="used-products"
        title={t('Used products')}
        columns={columns}
        order={['description', 'asc']}
        selectable
        actions={(selected, done) => (
          <button
            type="button"
            disabled={selected.length === 0}
            onClick={async () => {
              try {
                await invoiceUsedProducts(selected);
                toast.success(t('Line added to draft invoice.'));
                done();
              } catch {
                // The API client already showed the server's message.
              }
            }}
          >
            {t('Put on draft invoice')}
          </button>
        )}
      />
    </>
  );
}
