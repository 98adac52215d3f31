// The search box of both shells: results grouped by kind in a listbox under the box as one
// types (combobox pattern: arrow keys move, Enter opens, Escape closes). The box has a fixed
// size and the popup floats over the page, so nothing moves when results arrive.
import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation, type MessageKey } from '@/lib/i18n';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { OPERATOR_BASE } from '@/lib/workspace-paths';
import { MIN_SEARCH_LENGTH, SEARCH_DEBOUNCE_MS, useSearch, type SearchGroup, type SearchResult } from '../api/search';
import { searchPagePath } from './search-path';
import { Snippet } from './snippet';
import './search.css';

export type Audience = 'portal' | 'operator';

/** Where a result opens: the server's path, inside the workspace for an operator. */
export function resultPath(result: Pick<SearchResult, 'url'>, audience: Audience): string {
  return audience === 'operator' ? `${OPERATOR_BASE}${result.url}` : result.url;
}

export function kindLabel(kind: string): MessageKey {
  return `search.kind.${kind}` as MessageKey;
}

export function SearchBox({ audience, enabled = true }: { audience: Audience; enabled?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const listId = `${id}-results`;
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const typed = text.trim();
  const debounced = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const long = typed.length >= MIN_SEARCH_LENGTH;
  const query = useSearch(debounced, { enabled: enabled && long });
  const groups: SearchGroup[] = useMemo(() => (long && debounced.length >= MIN_SEARCH_LENGTH ? (query.data ?? []) : []), [long, debounced, query.data]);
  const flat = useMemo(() => groups.flatMap((g) => g.results), [groups]);
  const optionId = (i: number) => `${id}-option-${i}`;

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const go = (result: SearchResult) => {
    close();
    setText('');
    void navigate(resultPath(result, audience));
  };

  const showAll = () => {
    close();
    input.current?.blur();
    void navigate(searchPagePath(audience, typed));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true);
      if (flat.length === 0) return;
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i < 0 ? (step > 0 ? 0 : flat.length - 1) : (i + step + flat.length) % flat.length));
    } else if (e.key === 'Enter') {
      if (open && active >= 0 && flat[active]) {
        e.preventDefault();
        go(flat[active]);
      } else if (long) {
        // no result chosen: every result, on a page of its own
        e.preventDefault();
        showAll();
      }
    } else if (e.key === 'Escape') {
      if (open) {
        e.preventDefault();
        close();
      } else if (text) {
        setText('');
      }
    } else if (e.key === 'Home' || e.key === 'End') {
      setActive(-1);
    }
  };

  const remaining = MIN_SEARCH_LENGTH - typed.length;
  let status = '';
  if (typed.length === 0) status = t('search.hint');
  else if (remaining > 0) status = t('search.more_letters', { n: remaining });
  else if (debounced !== typed || (query.isFetching && flat.length === 0)) status = t('search.searching');
  else if (query.isError) status = t('search.failed');
  else if (flat.length === 0) status = t('search.none', { q: typed });
  else status = t('search.count', { n: flat.length });

  const expanded = open && typed.length > 0;
  let index = -1;
  return (
    <div className="site-search" role="search">
      <label htmlFor={`${id}-input`} className="visually-hidden">
        {t('search.label')}
      </label>
      <input
        ref={input}
        id={`${id}-input`}
        type="search"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        placeholder={t('search.placeholder')}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        aria-describedby={`${id}-status`}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => close()}
        onKeyDown={onKeyDown}
      />
      <span id={`${id}-status`} className="visually-hidden" role="status">
        {status}
      </span>
      <div className="site-search-popup" hidden={!expanded}>
        {flat.length === 0 ? (
          <p className="site-search-message">{status}</p>
        ) : null}
        <div id={listId} role="listbox" aria-label={t('search.results')} hidden={flat.length === 0}>
          {groups.map((group) => {
            const headingId = `${id}-group-${group.kind}`;
            return (
              <div role="group" aria-labelledby={headingId} key={group.kind} className="site-search-group">
                <div role="presentation" id={headingId} className="site-search-kind">
                  {t(kindLabel(group.kind))}
                </div>
                {group.results.map((result) => {
                  index += 1;
                  const i = index;
                  return (
                    <Link
                      key={`${result.kind}-${result.id}`}
                      id={optionId(i)}
                      role="option"
                      tabIndex={-1}
                      aria-selected={i === active}
                      className={i === active ? 'site-search-option active' : 'site-search-option'}
                      to={resultPath(result, audience)}
                      // keep the focus in the box until the link has been followed
                      onMouseDown={(e) => e.preventDefault()}
                      onMouseEnter={() => setActive(i)}
                      onClick={(e) => {
                        e.preventDefault();
                        go(result);
                      }}
                    >
                      <span className="site-search-title">{result.title}</span>
                      <Snippet snippet={result.snippet} />
                    </Link>
                  );
                })}
              </div>
            );
          })}
        </div>
        {flat.length > 0 ? (
          <Link
            className="site-search-all"
            to={searchPagePath(audience, typed)}
            tabIndex={-1}
            onMouseDown={(e) => e.preventDefault()}
            onClick={(e) => {
              e.preventDefault();
              showAll();
            }}
          >
            {t('search.all.show')}
          </Link>
        ) : null}
      </div>
    </div>
  );
}
