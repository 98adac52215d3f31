import { useLayoutEffect } from 'react';

/** Notes in `log`, when it reaches the document, which of `texts` are there with it. */
export function CommitProbe({ name, log, texts }: { name: string; log: string[]; texts: string[] }) {
  useLayoutEffect(() => {
    log.push(`${name}: ${texts.filter((t) => document.body.textContent?.includes(t)).join(',')}`);
  }, [name, log, texts]);
  return <p>{name}</p>;
}
