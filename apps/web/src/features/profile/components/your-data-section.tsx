import { useState } from 'react';
import { useNavigate } from '../../../lib/router/index.ts';
import { ApiError, errorMessage } from '../../../lib/api-error.ts';
import { useToast } from '../../../lib/toast.tsx';
import { useAuth } from '../../../data/auth-provider.tsx';
import { inputClass, linkClass } from '../../../ui/form-parts.tsx';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { useDeleteAccount, useDeletionBlocker } from '../api/account.ts';

/** Once the account is deleted: to the first page, signed out, saying so. */
function useLeave() {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const toast = useToast();
  return async () => {
    await navigate('/category/all');
    // The server has already ended every session; this forgets what the browser kept.
    await signOut().catch(() => undefined);
    toast.show('Your account has been deleted.');
  };
}

function DeletePassword({ value, onChange }: { value: string; onChange(value: string): void }) {
  return (
    <div className="mt-4">
      <label htmlFor="delete-password" className="block text-sm font-medium text-slate-800">
        Your password
      </label>
      <input
        id="delete-password"
        type="password"
        autoComplete="current-password"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className={inputClass}
      />
    </div>
  );
}

/** 'Download my data' and 'Delete my account' (password asked; refused with a reason while rentals or money are open). */
export function YourDataSection() {
  const [asking, setAsking] = useState(false);
  const [password, setPassword] = useState('');
  const blocker = useDeletionBlocker(asking);
  const remove = useDeleteAccount();
  const leave = useLeave();

  function confirm() {
    if (blocker.data?.blocker) return;
    remove.mutate(password, {
      onSuccess: () => {
        setAsking(false);
        // The account is gone whatever happens next: leaving the page is not waited for by the mutation.
        void leave();
      },
    });
  }

  const reason =
    blocker.data?.blocker ?? (remove.error instanceof ApiError && remove.error.status !== 400 ? errorMessage(remove.error) : undefined);
  const passwordProblem = remove.error instanceof ApiError && remove.error.status === 400 ? remove.error.message : undefined;

  return (
    <section aria-labelledby="data-heading" className="space-y-4 border-t border-slate-200 pt-6">
      <h2 id="data-heading" className="text-xl font-semibold text-slate-900">
        Your data
      </h2>
      <p className="text-slate-700">
        <a href="/api/me/export" download className={linkClass}>
          Download my data
        </a>{' '}
        (a JSON file of your profile, items and their photos, rentals with your handover notes, claims and cancellation reasons, reviews,
        messages, notifications, support requests, calendars and money movements).
      </p>
      <button
        type="button"
        onClick={() => {
          remove.reset();
          setPassword('');
          setAsking(true);
        }}
        className="rounded-md border border-red-700 bg-white px-4 py-2 text-sm font-semibold text-red-800 hover:bg-red-50"
      >
        Delete my account
      </button>
      {asking && (
        <ConfirmDialog
          title="Delete your account?"
          confirmLabel="Delete my account"
          busyLabel="Deleting..."
          busy={remove.isPending || blocker.isPending}
          error={reason ?? passwordProblem}
          onConfirm={confirm}
          onCancel={() => setAsking(false)}
        >
          <p>
            Your profile, phone number, address, items and every photo you added are removed, and you are signed out everywhere. What you
            wrote goes too: messages, reviews, handover notes, claims and reasons, including the copies in other people&rsquo;s
            notifications. The dates, amounts and ratings others need for their rentals and payments stay, shown as from a &lsquo;Deleted
            user&rsquo;. This cannot be undone.
          </p>
          {!blocker.data?.blocker && <DeletePassword value={password} onChange={setPassword} />}
        </ConfirmDialog>
      )}
    </section>
  );
}
