import { useState } from 'react';
import { useI18n } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import type { Builder } from '@/lib/builder';
import type { Id } from '@/types/models';
import { useExportJob, useStartExport } from './api/exports';

export function ExportButton({ userId, route, filter }: { userId: Id; route: string; filter: Builder }) {
  const { t } = useI18n();
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
            <>
              {job.data.files.csv && <a href={job.data.files.csv}>CSV</a>}
              {job.data.files.xlsx && <a href={job.data.files.xlsx}>XLSX</a>}
            </>
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
