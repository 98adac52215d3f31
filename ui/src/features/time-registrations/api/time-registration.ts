import { client, unwrap } from '@/lib/api-client';
import type { components } from '@/types/api';

/** One registration as GET and PUT /api/time-registrations/{id} answer it: with version and invoice. */
export type TimeRegistration = components['schemas']['TimeListRow'];
/** The fields to change; those left out stay. */
export type TimeChange = components['schemas']['TimeChange'];

/** GET /api/time-registrations: every registration, newest first. */
export const listTimeRegistrations = () => unwrap(client.GET('/api/time-registrations'));

/** DELETE /api/time-registrations/{id}: one not yet invoiced is taken back. */
export const deleteTimeRegistration = (id: string) =>
  unwrap(client.DELETE('/api/time-registrations/{registration_id}', { params: { path: { registration_id: id } } }));

/** GET /api/time-registrations/{id}. */
export const getTimeRegistration = (id: string) =>
  unwrap(client.GET('/api/time-registrations/{registration_id}', { params: { path: { registration_id: id } } }));

/** PUT /api/time-registrations/{id}: 409 on a stale version or while the time is on an invoice. */
export const updateTimeRegistration = (id: string, body: TimeChange) =>
  unwrap(client.PUT('/api/time-registrations/{registration_id}', { params: { path: { registration_id: id } }, body }));
