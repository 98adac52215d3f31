import { client, unwrap } from '@/lib/api-client';
import type { Me } from '@/types/models';

/** The API declares /auth/me's user and lookups as free objects; Me names their fields. */
export const getMe = () => unwrap(client.GET('/api/auth/me')) as Promise<Me>;
