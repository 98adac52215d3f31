import { client, quietClient, unwrap } from '@/lib/api-client';
import { preload, takePreloaded } from '@/lib/preload';
import type { Id, Ticket } from '@/types/operator';

/** Tickets and ticket templates share their actions. */
type Route = 'tickets' | 'ticket-templates';

const ticket = (id: Id) => ({ params: { path: { ticket_id: String(id) } } });

/** GET /api/tickets/{id}/edit: the operator's full view, internal notes and version included. */
export const getOperatorTicket = (id: Id) => unwrap(client.GET('/api/tickets/{ticket_id}/edit', ticket(id))) as Promise<Ticket>;

const earlyKey = (id: Id) => `operator ticket ${id}`;

/** Starts the ticket page's read beside the download of its code, quietly (lib/preload.ts). */
export const preloadOperatorTicket = (id: Id) =>
  preload(earlyKey(id), () => unwrap(quietClient.GET('/api/tickets/{ticket_id}/edit', ticket(id))));

/** The ticket page's read: the early answer the first time, when one was started. */
export const readOperatorTicket = (id: Id) => takePreloaded(earlyKey(id), () => getOperatorTicket(id));

/** POST /api/{route}/{id}/clone: a new ticket with this one's fields. */
export const cloneTicket = (id: Id, route: Route = 'tickets') =>
  unwrap(client.POST(`/api/${route}/{ticket_id}/clone`, ticket(id))) as Promise<Ticket>;

/** POST /api/{route}/{id}/restore: a deleted ticket back from the bin. */
export const restoreTicket = (id: Id, route: Route = 'tickets') =>
  unwrap(client.POST(`/api/${route}/{ticket_id}/restore`, ticket(id))) as Promise<Ticket>;

/** DELETE /api/{route}/{id}: the ticket to the bin (restore brings it back). */
export const deleteTicket = (id: Id, route: Route = 'tickets') =>
  unwrap(client.DELETE(`/api/${route}/{ticket_id}`, ticket(id))) as Promise<{ message?: string }>;
