import { RecordCreatePage } from './record-form';
import { RESOURCE_KINDS } from './resource-kinds';

/** An operator drafts a concept quote for a company and client, then adds its lines on its page. */
export function QuoteCreatePage() {
  return <RecordCreatePage kind={RESOURCE_KINDS.quotes} />;
}
