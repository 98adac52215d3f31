// All results of a search (both shells, /search?q=&kind=&page=): the kinds that hold
// results as links, and one kind's results a page at a time, each with its snippet and a
// link to the record (a message opens its ticket at the message, highlighted).
import { Link, useSearchParams } from 'react-router-dom';
import { useTranslation } from '@/lib/i18n';
import { MIN_SEARCH_LENGTH, SEARCH_KINDS, SEARCH_PAGE_SIZE, useSearch, useSearchPage } from '../api/search';
import { kindLabel, resultPath, type Audience } from './search-box';
import { searchPagePath } from './search-path';
import { Snippet } from './snippet';
import './search.css';

function pageOf(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, 1000) : 1;
}

export function SearchPage({ audience }: { audience: Audience }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const page = pageOf(params.get('page'));
  const long = q.length >= MIN_SEARCH_LENGTH;
  // the kinds holding results: the grouped answer, one result each
  const overview = useSearch(q, { enabled: long, limit: 1 });
  const kinds = (overview.data ?? []).map((g) => g.kind);
  const asked = params.get('kind') ?? '';
  const kind = (SEARCH_KINDS as readonly string[]).includes(asked) ? asked : kinds[0];
  const results = useSearchPage(q, kind, page);
  const rows = results.data?.results ?? [];

  let status = '';
  if (!long) status = t('search.more_letters', { n: MIN_SEARCH_LENGTH - q.length });
  else if (overview.isPending || (kind && results.isPending)) status = t('search.searching');
  else if (overview.isError || results.isError) status = t('search.failed');
  else if (!kind || (rows.length === 0 && page === 1)) status = t('search.none', { q });
  else if (rows.length === 0) status = t('search.all.past_end');

  return (
    <div className="search-page">
      <h1>{t('search.all.title')}</h1>
      {long ? <p className="search-page-query">{t('search.all.for', { q })}</p> : null}
      {kinds.length > 0 ? (
        <nav aria-label={t('search.all.kinds')} className="search-page-kinds">
          <ul>
            {kinds.map((k) => (
              <li key={k}>
                <Link to={searchPagePath(audience, q, k)} aria-current={k === kind ? 'page' : undefined}>
                  {t(kindLabel(k))}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <p role="status" className="search-page-status">
        {status}
      </p>
      {rows.length > 0 && kind ? (
        <section aria-labelledby="search-page-kind">
          <h2 id="search-page-kind">
            {t(kindLabel(kind))} · {t('search.all.page', { n: page })}
          </h2>
          <ol className="search-page-results" aria-labelledby="search-page-kind" start={(page - 1) * SEARCH_PAGE_SIZE + 1}>
            {rows.map((result) => (
              <li key={`${result.kind}-${result.id}`}>
                <Link to={resultPath(result, audience)} className="search-page-title">
                  {result.title || t(kindLabel(result.kind))}
                </Link>
                <Snippet snippet={result.snippet} />
              </li>
            ))}
          </ol>
        </section>
      ) : null}
      {kind && (page > 1 || results.data?.hasMore) ? (
        <nav aria-label={t('search.all.pages')} className="search-page-pager">
          {page > 1 ? <Link to={searchPagePath(audience, q, kind, page - 1)}>{t('search.all.previous')}</Link> : null}
          {results.data?.hasMore ? <Link to={searchPagePath(audience, q, kind, page + 1)}>{t('search.all.next')}</Link> : null}
        </nav>
      ) : null}
    </div>
  );
}

/** The portal's route screen. */
export function PortalSearchPage() {
  return <SearchPage audience="portal" />;
}
