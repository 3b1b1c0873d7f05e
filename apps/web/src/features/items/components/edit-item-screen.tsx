import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from '../../../lib/router/index.ts';
import { errorMessage, isNotFound } from '../../../lib/api-error.ts';
import { PageMain, SimplePage } from '../../../ui/page-main.tsx';
import { ErrorState, StatusMessage } from '../../../ui/status-views.tsx';
import { useAuth } from '../../../data/auth-provider.tsx';
import { linkClass } from '../../../ui/form-parts.tsx';
import { useOwnedItem } from '../api/item-requests.ts';
import { DeleteItemButton } from './delete-item-button.tsx';
import { ItemForm } from './item-form.tsx';

function ItemNotFound() {
  return (
    <SimplePage title="Item Not Found">
      <p>The item you&apos;re trying to edit could not be found.</p>
      <p>
        <Link to="/my-items" className={linkClass}>
          Back to My Items
        </Link>
      </p>
    </SimplePage>
  );
}

/** `after`: what the page shows below the form for this item (its other calendars). */
type After = (item: { id: string; name: string }) => ReactNode;

function EditItem({ itemId, after }: { itemId: string; after?: After | undefined }) {
  const item = useOwnedItem(itemId);
  const { user } = useAuth();
  const navigate = useNavigate();

  if (item.isPending) {
    return (
      <PageMain className="mx-auto max-w-3xl px-4 sm:px-6">
        <StatusMessage>Loading item...</StatusMessage>
      </PageMain>
    );
  }
  // A listed item can be read by anyone; only its owner may edit it, so others see the same 404.
  if ((item.isError && isNotFound(item.error)) || (item.data && item.data.owner.id !== user?.id)) return <ItemNotFound />;
  if (item.isError) {
    return (
      <PageMain className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
        <title>Edit item · Toolshed</title>
        <h1 className="mb-6 text-3xl font-bold tracking-tight text-slate-900">Edit item</h1>
        <ErrorState title="This item could not be loaded" message={errorMessage(item.error)} onRetry={() => void item.refetch()} />
      </PageMain>
    );
  }
  const data = item.data;
  return (
    <PageMain className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-10">
      <title>{`Edit ${data.name} · Toolshed`}</title>
      <h1 className="mb-8 text-3xl font-bold tracking-tight text-slate-900">Edit item</h1>
      <ItemForm
        // Fresh form state for another item reached without leaving the page.
        key={data.id}
        mode="edit"
        item={data}
        extraActions={<DeleteItemButton item={data} onDeleted={() => void navigate('/my-items')} />}
      />
      {after?.({ id: data.id, name: data.name })}
    </PageMain>
  );
}

/** /edit-item/:itemId */
export function EditItemScreen({ after }: { after?: After } = {}) {
  const { itemId } = useParams();
  if (!itemId) {
    return (
      <SimplePage title="Edit item">
        <p role="alert">Item ID not found</p>
      </SimplePage>
    );
  }
  return <EditItem itemId={itemId} after={after} />;
}
