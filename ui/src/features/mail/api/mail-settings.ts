// The tenant's mail settings: GET/PUT /api/mail-settings and POST /api/mail-settings/test.
// Passwords are write-only: the answer says whether one is stored, an empty one keeps it.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { client, quietClient, unwrap } from '@/lib/api-client';
import type { components } from '@/types/api';

type Schemas = components['schemas'];
/** As stored: no passwords, only whether each is set, and whether the default server is used. */
export type MailSettings = Schemas['MailSettingsOut'];
/** The whole settings; a password left out (or empty) keeps the stored one. */
export type MailSettingsChange = Schemas['MailSettingsIn'];
export type Security = NonNullable<MailSettingsChange['smtp_security']>;
export type UnknownSenders = NonNullable<MailSettingsChange['unknown_senders']>;

const KEY = ['mail-settings'];

export function useMailSettings() {
  return useQuery({ queryKey: KEY, queryFn: () => unwrap(client.GET('/api/mail-settings')), retry: false });
}

export function useSaveMailSettings() {
  const queries = useQueryClient();
  return useMutation({
    // the form shows a refusal under its field, so no toast
    mutationFn: (change: MailSettingsChange) => unwrap(quietClient.PUT('/api/mail-settings', { body: change })),
    onSuccess: (saved) => queries.setQueryData(KEY, saved),
  });
}

/** Queues a test mail through the outbox (202): it leaves as the real mail will. */
export function useSendTestMail() {
  return useMutation({
    mutationFn: (to: string) => unwrap(quietClient.POST('/api/mail-settings/test', { body: { to } })),
  });
}
