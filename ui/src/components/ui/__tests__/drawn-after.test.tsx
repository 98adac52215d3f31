import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CommitProbe } from '@/testing/commit-probe';
import { DrawnAfter } from '../drawn-after';

describe('DrawnAfter', () => {
  it('adds each nested part in a commit of its own, after the page around it', async () => {
    const log: string[] = [];
    const texts = ['page', 'forms', 'thread'];
    render(
      <>
        <CommitProbe name="page" log={log} texts={texts} />
        <DrawnAfter>
          <CommitProbe name="forms" log={log} texts={texts} />
          <DrawnAfter>
            <CommitProbe name="thread" log={log} texts={texts} />
          </DrawnAfter>
        </DrawnAfter>
      </>,
    );
    expect(await screen.findByText('thread')).toBeInTheDocument();
    // When the page reached the document, neither part was there; when the forms came, the
    // thread was not there yet.
    expect(log).toEqual(['page: page', 'forms: page,forms', 'thread: page,forms,thread']);
    expect(document.body.textContent).toBe('pageformsthread');
  });
});
