import type { ReactNode } from 'react';
import { formatEuro, formatQuantity } from '@/lib/format';
import { useTranslation } from '@/lib/i18n';
import type { Line } from '@/types/operator';

/** A quote's or invoice's lines, with the actions a line allows in its last column. */
export function LinesTable({ lines, actions }: { lines: Line[]; actions?: (line: Line) => ReactNode }) {
  const { t, language } = useTranslation('operator');
  return (
    <table className="detail-table">
      <thead>
        <tr>
          <th scope="col">{t('Description')}</th>
          <th scope="col">{t('Quantity')}</th>
          <th scope="col">{t('Price')}</th>
          <th scope="col">{t('Total')}</th>
          {actions && (
            <th scope="col">
              <span className="visually-hidden">{t('Actions')}</span>
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {lines.map((l, i) => (
          <tr key={l.id ?? i}>
            <td>{l.description}</td>
            <td>{formatQuantity(l.quantity, language)}</td>
            <td>{formatEuro(l.price)}</td>
            <td>{formatEuro(l.total)}</td>
            {actions && <td>{actions(l)}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
