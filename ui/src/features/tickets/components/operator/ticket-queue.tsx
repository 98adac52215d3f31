import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { useSession } from '@/lib/session';
import { objectPath, routePath } from '@/lib/workspace-paths';
import { mergeBuilders, type Builder, type DateRange } from '@/lib/builder';
import { toast } from '@/lib/toast';
import { mergeRecords } from '@/components/records/api/merge-records';
import { updateRecord } from '@/components/records/api/resources';
import type { Id, Ticket } from '@/types/operator';
import { ArchivedName, ClientName, PriorityBadge, StatusBadge, TicketDescription } from '@/components/display/badges';
import { DueDate } from '@/components/display/due-date';
import { SlaClock } from '@/components/display/sla-clock';
import { RelativeTime } from '@/components/display/relative-time';
import { ObjectLink, RouteLink } from '@/components/display/route-link';
import { dateRangeFilter, multiSelectFilter, scheduleFilter, searchSelectFilter, slaFilter, yesNoFilter, type SchedulePreset } from '@/components/filters/filter-builders';
import { MultiSelectFilter } from '@/components/filters/multi-select-filter';
import { DateRangeFilter } from '@/components/filters/date-range-filter';
import { ScheduleFilter, SlaFilter, YesNoFilter } from '@/components/filters/schedule-filter';
import { SearchSelect, type SearchOption } from '@/components/filters/search-select';
import { TextFilter } from '@/components/filters/text-filter';
import { OperatorList, type OperatorColumn } from '@/components/records/operator-list';
import { useConfirm } from '@/components/form/confirm-dialog';
import { useOperatorLookups } from '@/lib/use-operator-lookups';
import { useTranslation } from '@/lib/i18n';

/** A queue row: the ticket with its assignee and its SLA clock. */
type QueueTicket = Ticket & {
  operator?: { id: Id; full_name: string | null } | null;
};

const columns: OperatorColumn<QueueTicket>[] = [
  { id: 'reference', label: 'Reference', cell: (t) => <ObjectLink object={t}>{t.reference}</ObjectLink>, sort: 'number' },
  { id: 'description', label: 'Description', cell: (t) => <TicketDescription text={t.description} /> },
  { id: 'status', label: 'Status', cell: (t) => <StatusBadge status={t.status} /> },
  { id: 'priority', label: 'Priority', cell: (t) => <PriorityBadge priority={t.priority} />, sort: 'priority_id' },
  { id: 'assignee', label: 'Assignee', cell: (t) => (t.operator ? <ClientName name={t.operator.full_name} /> : null) },
  {
    id: 'company',
    label: 'Company',
    cell: (t) =>
      t.company ? (
        <RouteLink name="companies.show" id={t.company.id}>
          <ArchivedName record={t.company} />
        </RouteLink>
      ) : null,
  },
  { id: 'client', label: 'Client', cell: (t) => (t.client ? <ClientName name={t.client.full_name} /> : t.original_email_from) },
  { id: 'due', label: 'Due', cell: (t) => <DueDate value={t.due_at} />, sort: 'scheduled_at' },
  { id: 'sla', label: 'SLA', cell: (t) => <SlaClock ticket={t} />, sort: 'sla_remaining' },
  { id: 'updated', label: 'Updated', cell: (t) => (t.updated_at ? <RelativeTime value={t.updated_at} /> : null), sort: 'updated_at' },
];

export function TicketQueue() {
  const { t } = useTranslation('operator');
  const { statuses, priorities } = useOperatorLookups();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<string[]>([]);
  const [priority, setPriority] = useState<string[]>([]);
  const [company, setCompany] = useState<SearchOption | null>(null);
  const [schedule, setSchedule] = useState<SchedulePreset | ''>('');
  const [sla, setSla] = useState(false);
  const [templates, setTemplates] = useState<'' | '0' | '1'>('');
  const [created, setCreated] = useState<DateRange>({});
  const [dialog, confirm] = useConfirm();
  const { can } = useSession();
  const [bulkStatus, setBulkStatus] = useState('');
  const bulkHint = useId();

  const filter = [
    multiSelectFilter('status_id', status),
    multiSelectFilter('priority_id', priority),
    searchSelectFilter('company_id', company?.id ?? null),
    scheduleFilter('scheduled_at', schedule),
    slaFilter(sla),
    yesNoFilter('is_template', templates),
    dateRangeFilter('created_at', created),
  ].reduce<Builder>((acc, b) => mergeBuilders(acc, b), search.trim() ? { s: search.trim() } : {});

  return (
    <>
      {can('tickets.store') && (
        <Link className="button primary new-record" to={routePath('tickets.create')}>
          {t('New ticket')}
        </Link>
      )}
      <OperatorList<QueueTicket>
        route="tickets"
        title={t('Tickets')}
        columns={columns}
        filter={filter}
        order={['updated_at', 'desc']}
        selectable
        keyboard
        detailPath={(ticket) => objectPath(ticket)}
        filters={
          <>
            <TextFilter label={t('Search')} value={search} onChange={setSearch} />
            <MultiSelectFilter label={t('Status')} value={status} onChange={setStatus} options={statuses.map((s) => ({ value: String(s.id), label: s.name ?? s.label ?? '' }))} />
            <MultiSelectFilter label={t('Priority')} value={priority} onChange={setPriority} options={priorities.map((p) => ({ value: String(p.id), label: p.label ?? '' }))} />
            <SearchSelect label={t('Company')} lookup="companies" value={company} onChange={setCompany} constraints={{ liveOnly: true }} />
            <ScheduleFilter label={t('Scheduled')} value={schedule} onChange={setSchedule} />
            <SlaFilter value={sla} onChange={setSla} />
            <YesNoFilter label={t('Template')} value={templates} onChange={setTemplates} />
            <DateRangeFilter label={t('Created')} value={created} onChange={setCreated} />
          </>
        }
        actions={(selected, done, rows) => (
          <span className="bulk-actions">
            <select aria-label={t('New status')} value={bulkStatus} onChange={(e) => setBulkStatus(e.target.value)} aria-describedby={bulkHint}>
              <option value="">{t('Change status')}</option>
              {statuses.map((s) => (
                <option key={s.id} value={String(s.id)}>
                  {s.name ?? s.label ?? ''}
                </option>
              ))}
            </select>
            <span id={bulkHint} className="visually-hidden">
              {t('{n} selected', { n: selected.length })}
            </span>
            <button
              type="button"
              disabled={selected.length < 1 || bulkStatus === ''}
              onClick={async () => {
                const status = statuses.find((s) => String(s.id) === bulkStatus);
                const name = status?.name ?? status?.label ?? '';
                try {
                  await confirm(t('Set the status of the selected tickets ({n}) to {status}?', { n: selected.length, status: name }));
                } catch {
                  return;
                }
                const results = await Promise.allSettled(
                  selected.map((id) => updateRecord('tickets', id, { status_id: Number(bulkStatus) })),
                );
                const failed = results.filter((r) => r.status === 'rejected').length;
                const changed = results.length - failed;
                if (changed > 0) toast.success(t('Tickets changed to {status}: {n}', { n: changed, status: name }));
                if (failed > 0) toast.error(t('Tickets not changed: {n}', { n: failed }));
                setBulkStatus('');
                done();
              }}
            >
              {t('Set status')}
            </button>
            <button
              type="button"
              disabled={selected.length < 2}
              onClick={async () => {
                try {
                  // Name the ticket that stays: the first one selected.
                  const survivor = rows.find((r) => r.id === selected[0]);
                  await confirm(
                    survivor
                      ? t('Merge {n} tickets into {reference}?', { n: selected.length, reference: survivor.reference })
                      : t('Merge {n} tickets into the first?', { n: selected.length }),
                  );
                } catch {
                  return;
                }
                try {
                  await mergeRecords('tickets', selected);
                } catch (e) {
                  toast.error(t('The tickets could not be merged'), e instanceof Error && e.message ? [e.message] : []);
                  return;
                }
                toast.success(t('Tickets merged'));
                done();
              }}
            >
              {t('Merge')}
            </button>
          </span>
        )}
      />
      {dialog}
    </>
  );
}
