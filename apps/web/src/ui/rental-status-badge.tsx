import type { RentalView } from '@toolshed/core/contract';

const BADGES = {
  requested: { label: 'Requested', className: 'bg-amber-100 text-amber-900' },
  upcoming: { label: 'Upcoming', className: 'bg-sky-100 text-sky-900' },
  active: { label: 'Active', className: 'bg-emerald-100 text-emerald-900' },
  overdue: { label: 'Overdue', className: 'bg-red-100 text-red-900' },
  completed: { label: 'Completed', className: 'bg-slate-200 text-slate-900' },
  cancelled: { label: 'Cancelled', className: 'bg-stone-200 text-stone-900' },
} as const;

/** The rental's state from the lifecycle: an overdue rental is still out, and what matters is that it is late. */
export function badgeFor(rental: Pick<RentalView, 'status' | 'overdue'>) {
  return BADGES[rental.overdue && rental.status === 'active' ? 'overdue' : rental.status];
}

export function RentalStatusBadge({ rental }: { rental: Pick<RentalView, 'status' | 'overdue'> }) {
  const badge = badgeFor(rental);
  return <span className={`inline-block rounded-full px-2.5 py-0.5 text-sm font-medium ${badge.className}`}>{badge.label}</span>;
}
