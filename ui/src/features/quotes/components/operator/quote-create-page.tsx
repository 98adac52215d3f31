import { RecordCreatePage } from '@/components/records/record-form';
import { quoteKind } from '../../kind';

/** An operator drafts a concept quote for a company and client, then adds its lines on its page. */
export function QuoteCreatePage() {
  return <RecordCreatePage kind={quoteKind} />;
}
