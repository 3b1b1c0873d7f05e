import { compareDates, isCurrentRental } from '@toolshed/core';
import type { RentalView } from '@toolshed/core/contract';
import { useSearchParams } from '../../../lib/router/index.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import { ErrorState, StatusMessage } from '../../../ui/status-views.tsx';
import { Tabs, type TabDef } from '../../../ui/tabs.tsx';
import { useMyRentals } from '../api/get-rentals.ts';
import { RentalCard } from './rental-card.tsx';

type RentalsTab = 'current' | 'past';

const TABS: readonly TabDef<RentalsTab>[] = [
  { id: 'current', label: 'Upcoming & Active' },
  { id: 'past', label: 'Past Rentals' },
];

const EMPTY: Record<RentalsTab, string> = {
  current: 'No upcoming or active rentals found',
  past: 'No past rentals found',
};

/** Soonest first for what is coming, most recent first for what is over. */
function forTab(rentals: RentalView[], tab: RentalsTab): RentalView[] {
  if (tab === 'current') return rentals.filter((r) => isCurrentRental(r.status)).sort((a, b) => compareDates(a.startDate, b.startDate));
  return rentals.filter((r) => !isCurrentRental(r.status)).sort((a, b) => compareDates(b.endDate, a.endDate));
}

/** /my-rentals?tab=current|past: the user's rentals as a renter. */
export function MyRentalsScreen() {
  const [params, setParams] = useSearchParams();
  const tab: RentalsTab = params.get('tab') === 'past' ? 'past' : 'current';
  const rentals = useMyRentals();

  let panel;
  if (rentals.isPending) panel = <StatusMessage>Loading your rentals...</StatusMessage>;
  else if (rentals.isError) {
    panel = (
      <ErrorState title="Your rentals could not be loaded" message={errorMessage(rentals.error)} onRetry={() => void rentals.refetch()} />
    );
  } else {
    const shown = forTab(rentals.data, tab);
    panel =
      shown.length === 0 ? (
        <p className="text-slate-700">{EMPTY[tab]}</p>
      ) : (
        <ul className="space-y-3">
          {shown.map((r) => (
            <RentalCard key={r.id} rental={r} />
          ))}
        </ul>
      );
  }

  return (
    <Tabs label="Rentals" tabs={TABS} selected={tab} onSelect={(id) => setParams({ tab: id }, { replace: true })} idPrefix="rentals">
      {panel}
    </Tabs>
  );
}
