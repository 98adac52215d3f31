import { client, unwrap } from '@/lib/api-client';
import type { components } from '@/types/api';

export type ResetBody = components['schemas']['ResetIn'];

export const resetPassword = (body: ResetBody) => unwrap(client.POST('/api/auth/password/reset', { body }));
