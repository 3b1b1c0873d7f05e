import { formatPence, priceBasket, SERVICE_FEE_PERCENT } from '@toolshed/core';
import { Link } from '../lib/router/index.ts';
import { SimplePage } from '../ui/page-main.tsx';

// A worked example priced by the same function as checkout, so this page can never disagree with it.
const EXAMPLE_RATE_PENCE = 1250;
const EXAMPLE_DAYS = 3;
const example = priceBasket([{ dailyRatePence: EXAMPLE_RATE_PENCE, days: EXAMPLE_DAYS }]);

const h2 = 'pt-4 text-xl font-semibold text-slate-900';

export function AboutPage() {
  return (
    <SimplePage title="About Toolshed">
      <p>
        Toolshed is a community marketplace where neighbours rent out tools and equipment by the day: the mower that sits in a shed most of
        the year, the pressure washer needed once a spring, the gazebo for a birthday. Renting from someone nearby costs less than buying,
        and the things already in our sheds get used.
      </p>

      <h2 className={h2}>How renting works</h2>
      <ol className="list-decimal space-y-2 pl-6">
        <li>Browse by category, or filter by words, price, dates and the owner's rating.</li>
        <li>
          Open an item, pick the first and last day you need it and add it to your wheelbarrow. A rental counts both its first and last day.
        </li>
        <li>Check out and pay by card for everything in your wheelbarrow at once, then collect the items from their owners.</li>
      </ol>

      <h2 className={h2}>How lending works</h2>
      <p>
        Every account can both rent and lend. List an item with photos, a daily rate in pounds, where it can be collected and the shortest
        and longest rental you accept. When it is booked, the rental amount is credited to your balance and becomes available once the item
        has been returned.
      </p>

      <h2 className={h2}>Fees</h2>
      <p>
        Renters pay a {SERVICE_FEE_PERCENT}% service fee on each rental, on top of the owner's daily rate; owners receive the full rental
        amount.
      </p>
      <p>
        For example, {EXAMPLE_DAYS} days at {formatPence(EXAMPLE_RATE_PENCE)} a day come to {formatPence(example.subtotalPence)}, plus a{' '}
        {formatPence(example.serviceFeePence)} service fee: {formatPence(example.totalPence)} in total.
      </p>

      <p>
        <Link to="/category/all" className="font-medium text-emerald-800 underline underline-offset-4">
          See what is available to rent
        </Link>
      </p>
    </SimplePage>
  );
}
