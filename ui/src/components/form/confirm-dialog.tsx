import { useCallback, useRef, useState, type ReactNode } from 'react';
import { Modal } from '@/components/ui/modal';
import { useTranslation } from '@/lib/i18n';

export class NotConfirmedError extends Error {
  constructor() {
    // SPEC §8: a cancelled confirmation rejects with exactly this text.
    super('Not confirmed.');
  }
}

/**
 * An in-page confirmation. ask() resolves when confirmed and rejects with
 * 'Not confirmed.' when cancelled; render the returned dialog somewhere in the tree.
 */
export function useConfirm(): [ReactNode, (question?: string) => Promise<void>] {
  const { t } = useTranslation('operator');
  const [question, setQuestion] = useState<string | null>(null);
  const pending = useRef<{ resolve: () => void; reject: (e: Error) => void } | null>(null);
  const ask = useCallback((q: string = t('Do you really want to delete this?')) => {
    pending.current?.reject(new NotConfirmedError());
    setQuestion(q);
    return new Promise<void>((resolve, reject) => {
      pending.current = { resolve, reject };
    });
  }, [t]);
  const settle = (ok: boolean) => {
    const p = pending.current;
    pending.current = null;
    setQuestion(null);
    if (ok) p?.resolve();
    else p?.reject(new NotConfirmedError());
  };
  const dialog =
    question === null ? null : (
      <Modal
        title={question}
        closeLabel={t('Close')}
        onClose={() => settle(false)}
        footer={
          <>
            <button type="button" onClick={() => settle(false)}>
              {t('Cancel')}
            </button>
            <button type="button" className="primary" onClick={() => settle(true)}>
              {t('Yes')}
            </button>
          </>
        }
      >
        <p>{question}</p>
      </Modal>
    );
  return [dialog, ask];
}
