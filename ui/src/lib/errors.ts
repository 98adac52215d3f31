// The error catalogue (SPEC §8): what a failed call shows, in one place.
export const MULTIPLE_SESSIONS = 'You cannot have multiple login sessions per account.';
export const MULTIPLE_SESSIONS_NL =
  'Deze operator is al ergens anders ingelogd. Log daar eerst uit of probeer het later opnieuw.';

export type ErrorBody = { message?: string; errors?: Record<string, string[] | string> };

export type ErrorToast = { title: string; lines: string[]; strong: boolean } | null;

export function describeError(status: number, body: ErrorBody | null, fallback: string): ErrorToast {
  if (status === 404 || status === 403) return null;
  const message = body?.message ?? fallback;
  if (message === 'Unauthenticated.') return null;
  if (message === MULTIPLE_SESSIONS) return { title: MULTIPLE_SESSIONS_NL, lines: [], strong: false };
  if (status === 422) {
    const lines = Object.values(body?.errors ?? {}).flatMap((v) => (Array.isArray(v) ? v : [v]));
    return { title: message, lines, strong: true };
  }
  return { title: message, lines: [], strong: false };
}
