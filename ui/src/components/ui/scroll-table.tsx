import type { ReactNode } from 'react';

/** A table that may scroll sideways on a phone; the region is focusable so keyboards can scroll it. */
export function ScrollTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="table-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
