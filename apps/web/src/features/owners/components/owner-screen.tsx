import type { OwnerProfile } from '@toolshed/core/contract';
import type { ReactNode } from 'react';
import { Link, NavLink, useParams } from '../../../lib/router/index.ts';
import { errorMessage, isNotFound } from '../../../lib/api-error.ts';
import { PageMain, SimplePage } from '../../../ui/page-main.tsx';
import { ErrorState, StatusMessage } from '../../../ui/status-views.tsx';
import { linkClass } from '../../../ui/form-parts.tsx';
import { useOwner } from '../api/owners.ts';
import { OwnerHeader } from './owner-header.tsx';
import { OwnerItems } from './owner-items.tsx';
import { OwnerReviews } from './owner-reviews.tsx';
import { OwnerSafety } from './owner-safety.tsx';

export type OwnerView = 'overview' | 'items';

const tabLink = ({ isActive }: { isActive: boolean }) =>
  `-mb-px border-b-2 px-4 py-2 text-sm font-medium ${isActive ? 'border-emerald-700 text-emerald-900' : 'border-transparent text-slate-600 hover:text-slate-900'}`;

function Reviews({ owner, collapsed }: { owner: OwnerProfile; collapsed: boolean }) {
  const title = `Reviews (${owner.reviewsTotal})`;
  if (collapsed) {
    // The items view leads with the items; the reviews are one click away.
    return (
      <details className="rounded-xl border border-slate-200 bg-white p-4">
        <summary className="cursor-pointer text-xl font-bold text-slate-900">{title}</summary>
        <div className="mt-4">
          <OwnerReviews owner={owner} />
        </div>
      </details>
    );
  }
  return (
    <section aria-labelledby="owner-reviews-heading">
      <h2 id="owner-reviews-heading" className="mb-3 text-2xl font-bold text-slate-900">
        {title}
      </h2>
      <OwnerReviews owner={owner} />
    </section>
  );
}

function OwnerProfileView({ owner, view, itemPopup }: { owner: OwnerProfile; view: OwnerView; itemPopup: ReactNode }) {
  const base = `/owner/${encodeURIComponent(owner.id)}`;
  return (
    <PageMain className="mx-auto max-w-6xl space-y-8 px-4 py-8 sm:px-6 sm:py-10">
      <title>{`${owner.name} · Toolshed`}</title>
      <OwnerHeader owner={owner} />
      <OwnerSafety owner={owner} />
      <nav aria-label="Owner page" className="flex gap-1 border-b border-slate-200">
        <NavLink to={base} end className={tabLink}>
          Overview
        </NavLink>
        <NavLink to={`${base}/items`} className={tabLink}>
          Items
        </NavLink>
      </nav>
      <OwnerItems ownerId={owner.id} ownerName={owner.name} />
      <Reviews owner={owner} collapsed={view === 'items'} />
      {itemPopup}
    </PageMain>
  );
}

/**
 * /owner/:ownerId (profile, items, reviews) and /owner/:ownerId/items (items first). A card opens
 * `itemPopup`, which the page brings (the item popup is another feature's).
 */
export function OwnerScreen({ view, itemPopup }: { view: OwnerView; itemPopup?: ReactNode }) {
  const { ownerId = '' } = useParams();
  const owner = useOwner(ownerId, ownerId !== '');

  if (owner.isError && isNotFound(owner.error)) {
    return (
      <SimplePage title="Owner not found">
        <p>There is no owner at this address. The link may be mistyped.</p>
        <p>
          <Link to="/category/all" className={linkClass}>
            Browse all items
          </Link>
        </p>
      </SimplePage>
    );
  }
  if (owner.isError) {
    return (
      <PageMain className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
        <h1 className="sr-only">Owner</h1>
        <ErrorState title="This owner could not be loaded" message={errorMessage(owner.error)} onRetry={() => void owner.refetch()} />
      </PageMain>
    );
  }
  if (!owner.data) {
    return (
      <PageMain className="mx-auto max-w-6xl px-4 sm:px-6">
        <StatusMessage>Loading...</StatusMessage>
      </PageMain>
    );
  }
  return <OwnerProfileView owner={owner.data} view={view} itemPopup={itemPopup} />;
}
