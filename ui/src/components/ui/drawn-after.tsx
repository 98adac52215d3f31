import { startTransition, useEffect, useState, type ReactNode } from 'react';

/**
 * Its children drawn after the page around them has reached the document. A record page
 * is committed to the document in one piece, which no slicing divides: a ticket with its
 * forms and thread took one task of about 50 ms (200 ms on a slowed phone) in which the
 * browser could not answer. Nested, each part follows the one before in a commit of its
 * own; every part is added below what is already there, so nothing on the screen moves.
 */
export function DrawnAfter({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => startTransition(() => setReady(true)), []);
  return ready ? children : null;
}
