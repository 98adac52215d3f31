import { useDeferredValue } from 'react';

/**
 * A query's answer, handed on deferred. TanStack Query tells React through a store, and
 * React draws a store's change at once, in one task: for a page of rows or a ticket with
 * its thread, on a phone, a task of several hundred milliseconds in which the browser
 * cannot answer. Deferred, the answer is drawn in slices with the browser free in
 * between; until the slices are done the screen keeps what it showed (the skeleton, the
 * previous page). Everything drawn from the answer (rows, totals, paging) must read this
 * value, not the query's, or the parts would arrive apart and move each other.
 */
export function useDeferredAnswer<T>(answer: T): T {
  return useDeferredValue(answer);
}
