import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { messageHash, objectPath, routePath } from '@/lib/workspace-paths';

type RouteLinkProps = { name: string; id?: number | string; hash?: string; children: ReactNode; className?: string };

/** A link to one of the named routes of SPEC §2.1. */
export function RouteLink({ name, id, hash, children, className }: RouteLinkProps) {
  return (
    <Link to={routePath(name, id, hash)} className={className}>
      {children}
    </Link>
  );
}

/** A link to a ticket-like object through its route prefix (tickets by default). */
export function ObjectLink({ object, hash, children }: { object: { id: number | string; route?: string | null }; hash?: string; children: ReactNode }) {
  return <Link to={objectPath(object, hash)}>{children}</Link>;
}

/** A link to one message of a ticket-like object; the thread highlights it. */
export function MessageLink({ object, messageId, children }: { object: { id: number | string; route?: string | null }; messageId: number | string; children: ReactNode }) {
  return <Link to={objectPath(object, messageHash(messageId))}>{children}</Link>;
}
