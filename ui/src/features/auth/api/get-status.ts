import { quietClient, unwrap } from '@/lib/api-client';

export const getStatus = () => unwrap(quietClient.GET('/api/system/status'));
