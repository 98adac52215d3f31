import { useState } from 'react';
import { PAGE_SIZES, pageItems } from '@/lib/pagination';
import { useTranslation } from '@/lib/i18n';

type Props = {
  page: number;
  lastPage: number;
  pageSize: number;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
};

export function Pagination({ page, lastPage, pageSize, onPage, onPageSize }: Props) {
  const { t } = useTranslation();
  const [jump, setJump] = useState('');
  const items = pageItems(page, lastPage);
  return (
    <nav className="pagination" aria-label={t('pagination.label')}>
      <ul>
        {items.map((item, i) =>
          item === '...' ? (
            <li key={`gap-${i}`} className="gap" aria-hidden="true">
              ...
            </li>
          ) : (
            <li key={item}>
              <button
                type="button"
                aria-label={t('pagination.page', { page: item })}
                aria-current={item === page ? 'page' : undefined}
                className={item === page ? 'page current' : 'page'}
                onClick={() => onPage(item)}
              >
                {item}
              </button>
            </li>
          ),
        )}
      </ul>
      <form
        className="page-jump"
        onSubmit={(e) => {
          e.preventDefault();
          const n = Number(jump);
          if (Number.isInteger(n) && n >= 1 && n <= lastPage) onPage(n);
          setJump('');
        }}
      >
        <label>
          <span>{t('pagination.jump')}</span>
          <input type="number" min={1} max={Math.max(lastPage, 1)} value={jump} onChange={(e) => setJump(e.target.value)} />
        </label>
        <button type="submit">{t('pagination.go')}</button>
      </form>
      <label className="page-size">
        <span>{t('pagination.per_page')}</span>
        <select value={pageSize} onChange={(e) => onPageSize(Number(e.target.value))}>
          {PAGE_SIZES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </label>
    </nav>
  );
}
