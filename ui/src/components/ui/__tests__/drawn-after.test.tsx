import { useLayoutEffect } from 'react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DrawnAfter } from '../drawn-after';

/** Notes, when it reaches the document, which of the given texts are there with it. */
function Probe({ name, log, texts }: { name: string; log: string[]; texts: string[] }) {
  useLayoutEffect(() => {
    log.push(`${name}: ${texts.filter((t) => document.body.textContent?.includes(t)).join(',')}`);
  }, [name, log, texts]);
  return <p>{name}</p>;
}

describe('DrawnAfter', () => {
  it('adds each nested part in a commit of its own, after the page around it', async () => {
    const log: string[] = [];
    const texts = ['page', 'forms', 'thread'];
    render(
      <>
        <Probe name="page" log={log} texts={texts} />
        <DrawnAfter>
          <Probe name="forms" log={log} texts={texts} />
          <DrawnAfter>
            <Probe name="thread" log={log} texts={texts} />
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
