import { RecordCreatePage } from './record-form';
import { RESOURCE_KINDS } from './resource-kinds';

/** An operator opens a ticket: description, company and client (or a sender), status and priority. */
export function TicketCreatePage() {
  return <RecordCreatePage kind={RESOURCE_KINDS.tickets} />;
}
