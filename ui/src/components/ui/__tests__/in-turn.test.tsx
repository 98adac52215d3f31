import { useState } from 'react';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CommitProbe } from '@/testing/commit-probe';
import { InTurn } from '../in-turn';

describe('InTurn', () => {
  it('adds one part per commit, in order, each holding its place meanwhile', async () => {
    const log: string[] = [];
    const texts = ['one', 'two', 'three'];
    render(
      <>
        {texts.map((name) => (
          <InTurn key={name} placeholder={<i>waiting</i>}>
            <CommitProbe name={name} log={log} texts={texts} />
          </InTurn>
        ))}
      </>,
    );
    expect(screen.getAllByText('waiting')).toHaveLength(3);
    expect(await screen.findByText('three')).toBeInTheDocument();
    expect(log).toEqual(['one: one', 'two: one,two', 'three: one,two,three']);
    expect(screen.queryByText('waiting')).toBeNull();
  });

  it('goes on when a waiting part is taken away', async () => {
    function Thread() {
      const [shown, setShown] = useState(['a', 'b', 'c']);
      return (
        <>
          <button type="button" onClick={() => setShown(['a', 'c'])}>
            drop b
          </button>
          {shown.map((name) => (
            <InTurn key={name}>
              <p>{name}</p>
            </InTurn>
          ))}
        </>
      );
    }
    render(<Thread />);
    act(() => screen.getByRole('button').click());
    expect(await screen.findByText('c')).toBeInTheDocument();
    expect(screen.getByText('a')).toBeInTheDocument();
    expect(screen.queryByText('b')).toBeNull();
    // a later thread still gets its turns
    render(
      <InTurn>
        <p>later</p>
      </InTurn>,
    );
    expect(await screen.findByText('later')).toBeInTheDocument();
  });
});
