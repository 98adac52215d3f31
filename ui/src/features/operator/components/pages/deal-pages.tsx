import { formatEuro, formatQuantity } from '@/lib/format';
import { toast } from '@/lib/toast';
import { invoiceUsedProducts } from '../../api/invoice-used-products';
import type { Id, Named } from '../../types';
import { ArchivedName, Badge, ClientName, Truncated } from '../display/badges';
import { RouteLink } from '../display/route-link';
import { OperatorList, type OperatorColumn } from '../operator-list';
import { TRUNCATE } from '../../utils/truncate';
import { useTranslation } from '@/lib/i18n';
import { INVOICE_MOMENTS, NewRecordLink, RECORD_KINDS, USED_PRODUCT_TYPES } from './record-form';

type Engagement = { id: Id; description: string; company?: Named | null };
export type Deal = Engagement & { client?: { id: Id; full_name: string } | null };
export type Project = Engagement & { deal_id?: Id | null };
export type UsedProduct = Engagement & {
  quantity: number;
  price: number;
  total: number;
  type: number;
  invoice_moment: number;
  project_id?: Id | null;
  ticket_id?: Id | null;
};

const company: OperatorColumn<Engagement> = {
  id: 'company',
  label: 'Company',
  cell: (r) => (r.company ? <ArchivedName record={r.company} /> : null),
};

const describe = (name: string): OperatorColumn<Engagement> => ({
  id: 'description',
  label: 'Description',
  cell: (r) => (
    <RouteLink name={name} id={r.id}>
      <Truncated text={r.description} length={TRUNCATE.text} />
    </RouteLink>
  ),
});

export function DealsPage() {
  const { t } = useTranslation('operator');
  const columns: OperatorColumn<Deal>[] = [
    describe('deals.show'),
    company,
    { id: 'client', label: 'Client', cell: (d) => <ClientName name={d.client?.full_name} /> },
  ];
  return (
    <>
      <NewRecordLink kind={RECORD_KINDS.deals} />
      <OperatorList<Deal> route="deals" title={t('Deals')} columns={columns} order={['description', 'asc']} />
    </>
  );
}

export function ProjectsPage() {
  const { t } = useTranslation('operator');
  const columns: OperatorColumn<Project>[] = [
    describe('project.show'),
    company,
    { id: 'deal', label: 'Deal', cell: (p) => (p.deal_id ? <RouteLink name="deals.show" id={p.deal_id}>{t('Deal')}</RouteLink> : null) },
  ];
  return (
    <>
      <NewRecordLink kind={RECORD_KINDS.projects} />
      <OperatorList<Project> route="projects" title={t('Projects')} columns={columns} order={['description', 'asc']} />
    </>
  );
}

export function UsedProductsPage() {
  const { t } = useTranslation('operator');
  const columns: OperatorColumn<UsedProduct>[] = [
    describe('used-products.show'),
    company,
    { id: 'type', label: 'Type', cell: (u) => <Badge label={u.type in USED_PRODUCT_TYPES ? t(USED_PRODUCT_TYPES[u.type]) : String(u.type)} styleName="info" /> },
    { id: 'moment', label: 'Invoice moment', cell: (u) => (u.invoice_moment in INVOICE_MOMENTS ? t(INVOICE_MOMENTS[u.invoice_moment]) : String(u.invoice_moment)) },
    { id: 'quantity', label: 'Quantity', cell: (u) => formatQuantity(u.quantity) },
    { id: 'total', label: 'Total', cell: (u) => formatEuro(u.total) },
  ];
  return (
    <>
      <NewRecordLink kind={RECORD_KINDS['used-products']} />
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
