import { Link } from '../../../lib/router/index.ts';
import type { Me } from '../../../data/me.ts';

/** Who is renting, and where: checkout cannot go on without a saved address. */
export function BorrowerDetails({ me }: { me: Me }) {
  const address = me.address ?? null;
  return (
    <section aria-labelledby="borrower-heading">
      <h2 id="borrower-heading" className="text-xl font-semibold text-slate-900">
        Borrower details
      </h2>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 rounded-xl border border-slate-200 bg-white p-5 text-slate-800">
        <dt className="font-medium text-slate-900">Name</dt>
        <dd className="break-words">{me.name}</dd>
        <dt className="font-medium text-slate-900">Email</dt>
        <dd className="break-words">{me.email}</dd>
        <dt className="font-medium text-slate-900">Phone</dt>
        {/* Only a verified number is shown: an unverified one may not be the renter's. */}
        <dd>{me.phone?.verified ? me.phone.formatted : 'Not provided'}</dd>
        <dt className="font-medium text-slate-900">Address</dt>
        <dd>
          {address ? (
            <address className="not-italic">
              {address.line}
              <br />
              {address.city}
              <br />
              {address.postcode}
            </address>
          ) : (
            <>
              <p>No address saved yet.</p>
              {/* The state tells the profile page to offer the way back here once saved. */}
              <Link
                to="/profile?tab=profile#address"
                state={{ from: '/checkout' }}
                className="mt-2 inline-block rounded-md bg-emerald-700 px-4 py-2 font-semibold text-white hover:bg-emerald-800"
              >
                Add Address to Continue
              </Link>
            </>
          )}
        </dd>
      </dl>
    </section>
  );
}
