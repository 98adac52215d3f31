// GET /api/sla-report?company_id&month: a company's SLA outcomes of one month, per priority;
// format=csv answers the same as a spreadsheet.
import { useQuery } from '@tanstack/react-query';
import { client, saveBlob, unwrap } from '@/lib/api-client';
import type { components } from '@/types/api';

export type SlaReport = components['schemas']['SlaReport'];
export type SlaReportRow = components['schemas']['SlaReportRow'];

export function useSlaReport(companyId: string | null, month: string) {
  return useQuery({
    queryKey: ['sla-report', companyId, month],
    queryFn: () => unwrap(client.GET('/api/sla-report', { params: { query: { company_id: companyId!, month } } })) as Promise<SlaReport>,
    enabled: Boolean(companyId && month),
    retry: false,
  });
}

/** The same report as a CSV file, saved under the month's name. */
export async function downloadSlaReportCsv(companyId: string, month: string) {
  const blob = (await unwrap(
    client.GET('/api/sla-report', { params: { query: { company_id: companyId, month, format: 'csv' } }, parseAs: 'blob' }),
  )) as Blob;
  saveBlob(blob, `sla-report-${month}.csv`);
}
