// The tenant's mail settings: GET/PUT /api/mail-settings and POST /api/mail-settings/test.
// Passwords are write-only: the answer says whether one is stored, an empty one keeps it.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export type Security = 'starttls' | 'tls' | 'none';
export type UnknownSenders = 'create' | 'review';

export type MailSettings = {
  smtp_host: string | null;
  smtp_port: number | null;
  smtp_security: Security | null;
  smtp_user: string | null;
  smtp_password_set: boolean;
  from_address: string | null;
  imap_host: string | null;
  imap_port: number | null;
  imap_security: Security | null;
  imap_user: string | null;
  imap_password_set: boolean;
  imap_folder: string | null;
  addresses: string[];
  unknown_senders: UnknownSenders;
  /** No server of its own: mail leaves through the process default. */
  default_smtp?: boolean;
};

export type MailSettingsChange = Omit<MailSettings, 'smtp_password_set' | 'imap_password_set' | 'default_smtp'> & {
  /** Left out (or empty) keeps the stored password. */
  smtp_password?: string;
  imap_password?: string;
};

const KEY = ['mail-settings'];

export function useMailSettings() {
  return useQuery({ queryKey: KEY, queryFn: () => api<MailSettings>('/mail-settings'), retry: false });
}

export function useSaveMailSettings() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (change: MailSettingsChange) => api<MailSettings>('/mail-settings', { method: 'PUT', body: change, silent: true }),
    onSuccess: (saved) => queries.setQueryData(KEY, saved),
  });
}

/** Queues a test mail through the outbox (202): it leaves as the real mail will. */
export function useSendTestMail() {
  return useMutation({
    mutationFn: (to: string) => api<unknown>('/mail-settings/test', { method: 'POST', body: { to }, silent: true }),
  });
}
