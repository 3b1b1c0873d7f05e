import { useState } from 'react';
import { blockExplanation } from '@toolshed/core';
import { ConfirmDialog } from './confirm-dialog.tsx';

interface Props {
  memberName: string;
  blocked: boolean;
  /** Blocks (true) or unblocks (false); rejects with the reason it failed. */
  onChange(blocked: boolean): Promise<void>;
  describeError(error: unknown): string;
  className?: string;
}

const quietButton = 'text-sm font-medium text-slate-700 underline underline-offset-4 hover:text-slate-950';

/** 'Block' with a confirmation naming what a block does; 'Unblock' at once. */
export function BlockButton({ memberName, blocked, onChange, describeError, className = quietButton }: Props) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();

  async function change(next: boolean) {
    setBusy(true);
    setError(undefined);
    try {
      await onChange(next);
      setConfirming(false);
    } catch (err) {
      setError(describeError(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <button type="button" className={className} disabled={busy} onClick={() => (blocked ? void change(false) : setConfirming(true))}>
        {blocked ? `Unblock ${memberName}` : `Block ${memberName}`}
      </button>
      {!confirming && error && (
        <span role="alert" className="text-sm text-red-800">
          {error}
        </span>
      )}
      {confirming && (
        <ConfirmDialog
          title={`Block ${memberName}?`}
          confirmLabel="Block"
          busyLabel="Blocking..."
          busy={busy}
          error={error}
          onConfirm={() => void change(true)}
          onCancel={() => {
            setConfirming(false);
            setError(undefined);
          }}
        >
          <p>{blockExplanation(memberName)}</p>
        </ConfirmDialog>
      )}
    </>
  );
}
