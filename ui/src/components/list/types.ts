import type { ReactNode } from 'react';
import type { FilterDef, Order } from '@/lib/builder';
import type { MessageKey } from '@/lib/i18n';
import type { ListRoute } from '@/lib/api-routes';

export type ListColumn<T> = {
  id: string;
  label: MessageKey;
  cell: (row: T) => ReactNode;
  /** Field (and relation) the API sorts on; absent means not sortable. */
  sort?: { field: string; relation?: string };
  filter?: FilterDef;
  /** Hidden unless the user shows it. */
  hidden?: boolean;
};

export type ListConfig<T> = {
  /** The API collection the list reads (GET /api/{route}). */
  route: ListRoute;
  /** Plural model name, used in 'No {model} found.' */
  model: MessageKey;
  title: MessageKey;
  columns: ListColumn<T>[];
  defaultOrder: Order;
  version?: number;
  detailPath?: (row: T) => string;
  /** The title line of a mobile card; the other lines are the visible columns. */
  cardTitle: (row: T) => ReactNode;
  rowKey: (row: T) => string | number;
  actions?: ReactNode;
};
