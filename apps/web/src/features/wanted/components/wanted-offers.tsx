import { daysInclusive, formatPence } from '@toolshed/core';
import type { WantedOffer, WantedPost } from '@toolshed/core/contract';
import { useWheelbarrow } from '../../../data/wheelbarrow-store.tsx';
import { useNavigate } from '../../../lib/router/index.ts';
import { useToast } from '../../../lib/toast.tsx';
import { primaryButtonClass } from '../../../ui/form-parts.tsx';
import { awayWords } from './wanted-words.ts';

function OfferEntry({ offer, post }: { offer: WantedOffer; post: WantedPost }) {
  const wheelbarrow = useWheelbarrow();
  const navigate = useNavigate();
  const toast = useToast();
  const days = daysInclusive(post.startDate, post.endDate);
  const fits = days >= offer.minDays && days <= offer.maxDays;

  // As the item popup adds a line: the item, its prices and the post's dates; checkout then checks them as it always does.
  function book() {
    const result = wheelbarrow.add({
      itemId: offer.itemId,
      name: offer.itemName,
      dailyRatePence: offer.dailyRatePence,
      weeklyRatePence: offer.weeklyRatePence,
      bookingMode: offer.bookingMode,
      startDate: post.startDate,
      endDate: post.endDate,
      days,
      imageUrl: offer.photoUrl,
    });
    if (result === 'already-present') toast.show('This item is already in your wheelbarrow');
    void navigate('/checkout');
  }

  const away = awayWords(offer.distanceMiles);
  return (
    <li className="flex flex-wrap items-center gap-4 rounded-xl border border-slate-200 bg-white p-4">
      {offer.photoUrl ? (
        <img src={offer.photoUrl} alt="" width={96} height={64} className="h-16 w-24 rounded-md object-cover" />
      ) : (
        <div aria-hidden="true" className="h-16 w-24 rounded-md bg-slate-100" />
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h3 className="text-lg font-semibold break-words text-slate-900">{offer.itemName}</h3>
        <p className="text-sm text-slate-700">
          Offered by {offer.ownerName}
          {away ? ` · ${away}` : ''}
        </p>
        <p className="text-slate-800">
          {formatPence(offer.dailyRatePence)} a day · <span className="font-semibold">{formatPence(offer.totalPence)}</span> for {days}{' '}
          {days === 1 ? 'day' : 'days'}
        </p>
        {!fits && (
          <p className="text-sm text-amber-900">
            This item rents for {offer.minDays}-{offer.maxDays} days: change the dates at checkout.
          </p>
        )}
      </div>
      <button type="button" onClick={book} className={primaryButtonClass} aria-label={`Book ${offer.itemName}`}>
        Book it
      </button>
    </li>
  );
}

/** The author's offers: each item with its photo, daily price, the total for the post's dates and distance, and "Book it". */
export function WantedOffers({ post }: { post: WantedPost }) {
  const offers = post.offers ?? [];
  return (
    <section aria-labelledby="wanted-offers-heading" className="mt-8">
      <h2 id="wanted-offers-heading" className="mb-3 text-2xl font-bold text-slate-900">
        Offers
      </h2>
      {offers.length === 0 ? (
        <p className="text-slate-700">
          {post.status === 'open' ? 'No offers yet. We told owners near you; offers will appear here.' : 'No offers.'}
        </p>
      ) : (
        <ul className="flex flex-col gap-3">
          {offers.map((o) => (
            <OfferEntry key={o.id} offer={o} post={post} />
          ))}
        </ul>
      )}
      {offers.length > 0 && <p className="mt-2 text-sm text-slate-600">Totals are before the 10% service fee, which checkout adds.</p>}
    </section>
  );
}
