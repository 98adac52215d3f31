import { startTransition, useEffect, useRef, useState, type ReactNode } from 'react';

// Parts waiting for their turn, oldest first, and whether one is being drawn.
const waiting: (() => void)[] = [];
let drawing = false;

function nextTurn() {
  const go = waiting.shift();
  drawing = go !== undefined;
  go?.();
}

/**
 * Its children drawn one part per commit, each part after the one before has reached the
 * document, in a task of its own. A ticket's thread puts each message written as HTML in a
 * frame, and adding a frame to the document costs a few milliseconds (its own document is
 * made): a thread's frames added together were one task of 35 ms (140 ms on a slowed
 * phone). `placeholder` holds the place meanwhile.
 */
export function InTurn({ children, placeholder = null }: { children: ReactNode; placeholder?: ReactNode }) {
  const [ready, setReady] = useState(false);
  // granted: its turn came; released: the next part's turn was given on
  const turn = useRef({ granted: false, released: false });
  const release = () => {
    if (turn.current.released) return;
    turn.current.released = true;
    setTimeout(nextTurn, 0);
  };
  useEffect(() => {
    let mounted = true;
    waiting.push(() => {
      if (!mounted) return nextTurn();
      turn.current.granted = true;
      startTransition(() => setReady(true));
    });
    if (!drawing) {
      drawing = true;
      setTimeout(nextTurn, 0);
    }
    return () => {
      mounted = false;
      // gone between its turn and its drawing: the next part must not wait for it
      if (turn.current.granted) release();
    };
  }, []);
  // once drawn, the next part's turn comes in a task after this commit
  useEffect(() => {
    if (ready) release();
  }, [ready]);
  return ready ? children : placeholder;
}
