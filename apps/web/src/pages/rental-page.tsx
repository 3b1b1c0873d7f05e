import { useParams } from '../lib/router/index.ts';
import type { RentalView } from '@toolshed/core/contract';
import { RentalDetail } from '../features/rentals/components/rental-detail.tsx';
import { RentalReviews } from '../features/reviews/components/rental-reviews.tsx';
import { DepositSection } from '../features/deposits/components/deposit-section.tsx';
import { PageMain } from '../ui/page-main.tsx';

const reviews = (rental: RentalView) => <RentalReviews rental={rental} />;
const deposit = (rental: RentalView) => <DepositSection rental={rental} />;

export function RentalPage() {
  const { rentalId = '' } = useParams();
  return (
    <PageMain className="mx-auto max-w-4xl px-4 py-8 sm:px-6 sm:py-10">
      <title>Rental details · Toolshed</title>
      <h1 className="mb-6 text-3xl font-bold tracking-tight text-slate-900">Rental details</h1>
      {/* Keyed so another rental starts from its own loading state. */}
      <RentalDetail key={rentalId} rentalId={rentalId} reviews={reviews} deposit={deposit} />
    </PageMain>
  );
}
