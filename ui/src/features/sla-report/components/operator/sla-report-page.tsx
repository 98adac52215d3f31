import { useId, useState } from 'react';
import { SearchSelect, type SearchOption } from '@/components/filters/search-select';
import { TONE_COLOURS } from '@/components/display/due-date';
import { useTranslation } from '@/lib/i18n';
import { toast } from '@/lib/toast';
import { downloadSlaReportCsv, useSlaReport, type SlaReport, type SlaReportRow } from '../../api/get-sla-report';

const OUTCOMES = ['met', 'breached', 'open'] as const;
type Outcome = (typeof OUTCOMES)[number];
const COLOURS: Record<Outcome, string> = { met: TONE_COLOURS.green, breached: TONE_COLOURS.red, open: '#667085' };

const thisMonth = (now = new Date()) => `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;

/** Per company and month: how many tickets met or breached their SLA, per priority. */
export function SlaReportPage() {
  const { t } = useTranslation('operator');
  const [company, setCompany] = useState<SearchOption | null>(null);
  const [month, setMonth] = useState(thisMonth());
  const monthId = useId();
  const companyId = company ? String(company.id) : null;
  const report = useSlaReport(companyId, month);
  return (
    <section className="sla-report">
      <h1>{t('SLA report')}</h1>
      <div className="filters">
        <SearchSelect label={t('Company')} lookup="companies" value={company} onChange={setCompany} />
        <div className="field">
          <label htmlFor={monthId}>{t('Month')}</label>
          <input id={monthId} type="month" value={month} onChange={(e) => setMonth(e.target.value)} />
        </div>
        {companyId && /^\d{4}-\d{2}$/.test(month) && (
          <button type="button" onClick={() => void downloadSlaReportCsv(companyId, month).catch((e: unknown) => toast.error(e instanceof Error ? e.message : String(e)))}>
            {t('Download CSV')}
          </button>
        )}
      </div>
      {!companyId ? (
        <p>{t('Choose a company and a month.')}</p>
      ) : report.isError ? (
        <p role="alert">{report.error instanceof Error ? report.error.message : String(report.error)}</p>
      ) : report.data ? (
        <ReportView report={report.data} />
      ) : null}
    </section>
  );
}

function ReportView({ report }: { report: SlaReport }) {
  const { t } = useTranslation('operator');
  if (report.rows.length === 0) return <p>{t('No tickets under an SLA this month.')}</p>;
  const labels: Record<Outcome, string> = { met: t('Met'), breached: t('Breached'), open: t('Still open') };
  const name = (row: SlaReportRow) => row.priority ?? t('No priority');
  return (
    <>
      <OutcomeChart rows={report.rows} labels={labels} name={name} />
      <table className="sla-report-table">
        <caption>{t('SLA outcomes per priority')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('Priority')}</th>
            {OUTCOMES.map((o) => (
              <th key={o} scope="col">
                {labels[o]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {report.rows.map((row) => (
            <tr key={String(row.priority_id)}>
              <th scope="row">{name(row)}</th>
              {OUTCOMES.map((o) => (
                <td key={o}>{row[o]}</td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t('Total')}</th>
            {OUTCOMES.map((o) => (
              <td key={o}>{report[o]}</td>
            ))}
          </tr>
        </tfoot>
      </table>
    </>
  );
}

const BAR = 22;
const GAP = 10;
const LABEL = 120;
const WIDTH = 480;

/** One stacked bar per priority (met, breached, still open); the table below holds the
 * same numbers, so the chart is described in one sentence for a screen reader. */
function OutcomeChart({ rows, labels, name }: { rows: SlaReportRow[]; labels: Record<Outcome, string>; name: (row: SlaReportRow) => string }) {
  const { t } = useTranslation('operator');
  const most = Math.max(1, ...rows.map((r) => r.met + r.breached + r.open));
  const scale = (WIDTH - LABEL - 40) / most;
  const height = rows.length * (BAR + GAP) + GAP + 24;
  return (
    <figure className="sla-report-chart">
      <svg role="img" aria-label={t('SLA outcomes per priority')} viewBox={`0 0 ${WIDTH} ${height}`} width="100%" style={{ maxWidth: WIDTH }}>
        {rows.map((row, i) => {
          const y = GAP + i * (BAR + GAP);
          let x = LABEL;
          return (
            <g key={String(row.priority_id)} data-priority={name(row)}>
              <text x={LABEL - 8} y={y + BAR / 2} dominantBaseline="middle" textAnchor="end" fontSize="12">
                {name(row)}
              </text>
              {OUTCOMES.map((o) => {
                const w = row[o] * scale;
                const bar = (
                  <rect key={o} data-outcome={o} x={x} y={y} width={w} height={BAR} fill={COLOURS[o]}>
                    <title>{`${name(row)}: ${labels[o]} ${row[o]}`}</title>
                  </rect>
                );
                x += w;
                return bar;
              })}
              <text x={x + 6} y={y + BAR / 2} dominantBaseline="middle" fontSize="12">
                {row.met + row.breached + row.open}
              </text>
            </g>
          );
        })}
        <g transform={`translate(${LABEL}, ${height - 14})`} aria-hidden="true">
          {OUTCOMES.map((o, i) => (
            <g key={o} transform={`translate(${i * 110}, 0)`}>
              <rect width="10" height="10" y="-5" fill={COLOURS[o]} />
              <text x="14" dominantBaseline="middle" fontSize="12">
                {labels[o]}
              </text>
            </g>
          ))}
        </g>
      </svg>
    </figure>
  );
}
