import type { ReactNode } from 'react';

/** A small labelled value, the cards at the top of the detail screens. */
export function InfoCard({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="info-card">
      <div className="info-card-label">{label}</div>
      <div className="info-card-value">{children}</div>
    </div>
  );
}

export function InfoCards({ children }: { children: ReactNode }) {
  return <div className="info-cards">{children}</div>;
}
