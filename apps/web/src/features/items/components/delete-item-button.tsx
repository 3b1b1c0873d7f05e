import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-error.ts';
import { useToast } from '../../../lib/toast.tsx';
import { deleteItem, refreshListings } from '../api/item-requests.ts';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';

export const DELETE_FAILED = 'Failed to delete item. Please try again.';

interface Props {
  item: { id: string; name: string };
  /** After the item is gone (e.g. leave its edit page). */
  onDeleted?: () => void;
  className?: string;
}

/**
 * 'Delete' and its confirmation. A 409 (upcoming or active rentals) shows the server's reason,
 * which says what to do; anything else the spec's message.
 */
export function DeleteItemButton({ item, onDeleted, className }: Props) {
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const toast = useToast();
  const removal = useMutation({
    mutationFn: () => deleteItem(item.id),
    onSuccess: async () => {
      setOpen(false);
      toast.show('Item deleted');
      queryClient.removeQueries({ queryKey: ['item', item.id] });
      await refreshListings(queryClient);
      onDeleted?.();
    },
  });

  const error =
    removal.error instanceof ApiError && removal.error.status === 409 ? removal.error.message : removal.error ? DELETE_FAILED : undefined;

  return (
    <>
      <button
        type="button"
        aria-label={`Delete ${item.name}`}
        onClick={() => {
          removal.reset();
          setOpen(true);
        }}
        className={className ?? 'rounded-md border border-red-700 bg-white px-4 py-2 font-medium text-red-800 hover:bg-red-50'}
      >
        Delete
      </button>
      {open && (
        <ConfirmDialog
          title={`Delete ${item.name}?`}
          confirmLabel="Delete"
          busyLabel="Deleting..."
          busy={removal.isPending}
          error={error}
          onConfirm={() => removal.mutate()}
          onCancel={() => setOpen(false)}
        >
          <p>It will no longer be listed. Past rentals and reviews keep their record of it.</p>
        </ConfirmDialog>
      )}
    </>
  );
}
