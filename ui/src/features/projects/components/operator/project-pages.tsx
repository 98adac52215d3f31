import type { Id } from '@/types/operator';
import { RouteLink } from '@/components/display/route-link';
import { OperatorList, type OperatorColumn } from '@/components/records/operator-list';
import { companyCell, describedCell, type Engagement } from '@/components/records/engagement-columns';
import { NewRecordLink } from '@/components/records/record-form';
import { useTranslation } from '@/lib/i18n';
import { projectKind } from '../../kind';

export type Project = Engagement & { deal_id?: Id | null };

export function ProjectsPage() {
  const { t } = useTranslation('operator');
  const columns: OperatorColumn<Project>[] = [
    describedCell('project.show'),
    companyCell,
    { id: 'deal', label: 'Deal', cell: (p) => (p.deal_id ? <RouteLink name="deals.show" id={p.deal_id}>{t('Deal')}</RouteLink> : null) },
  ];
  return (
    <>
      <NewRecordLink kind={projectKind} />
      <OperatorList<Project> route="projects" title={t('Projects')} columns={columns} order={['description', 'asc']} />
    </>
  );
}
