import { RecordCreatePage } from '@/components/records/record-form';
import { ticketKind } from '../../kind';

/** An operator opens a ticket: description, company and client (or a sender), status and priority. */
export function TicketCreatePage() {
  return <RecordCreatePage kind={ticketKind} />;
}
