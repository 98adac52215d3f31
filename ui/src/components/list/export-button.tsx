import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import type { Builder } from '@/lib/builder';
import type { Id } from '@/types/models';
import { useExportJob, useStartExport } from './api/exports';

export function ExportButton({ userId, route, filter }: { userId: Id; route: string; filter: Builder }) {
  const { t } = useTranslation();
  const start = useStartExport();
  const [jobId, setJobId] = useState<Id | null>(null);
  const job = useExportJob(jobId);
  return (
    <span className="export">
      <button
        type="button"
        disabled={start.isPending || job.data?.status === 'pending'}
        onClick={() =>
          start.mutate(
            { userId, model: route, filter },
            {
              onSuccess: (r) => {
                toast.success(r.message);
                setJobId(r.id);
              },
            },
          )
        }
      >
        {t('list.export')}
      </button>
      {jobId !== null && (
        <span className="export-files" role="status">
          {job.data?.status === 'done' ? (
            // Each file its own item, so the links never run together ("CSVXLSX").
            <ul className="export-links" aria-label={t('list.export_files')}>
              {job.data.files.csv && (
                <li>
                  <a href={job.data.files.csv}>CSV</a>
                </li>
              )}{' '}
              {job.data.files.xlsx && (
                <li>
                  <a href={job.data.files.xlsx}>XLSX</a>
                </li>
              )}
            </ul>
          ) : job.data?.status === 'failed' ? (
            t('list.export_failed')
          ) : (
            t('list.export_pending')
          )}
        </span>
      )}
    </span>
  );
}
