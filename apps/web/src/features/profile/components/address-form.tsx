import { addressProblems, safeReturnPath } from '@toolshed/core';
import type { Address } from '@toolshed/core/contract';
import { useEffect, useRef, useState } from 'react';
import { useCheckedForm } from '../../../ui/use-checked-form.ts';
import { Link, useLocation, useSearchParams } from '../../../lib/router/index.ts';
import { FormAlert, FormField, FormSuccess, inputClass, linkClass, primaryButtonClass } from '../../../ui/form-parts.tsx';
import { useUpdateAddress } from '../api/update-address.ts';

export const ADDRESS_FAILED_MESSAGE = 'Failed to update address. Please try again.';

/** Where the user came from: `?from=` or the state of the link that brought them. */
function useCameFrom(): string {
  const [params] = useSearchParams();
  const state = useLocation().state as { from?: unknown } | null;
  return safeReturnPath(params.get('from') ?? (typeof state?.from === 'string' ? state.from : null));
}

/** The borrower address checkout needs (UK only). */
export function AddressForm({ saved }: { saved: Address | null }) {
  const form = useCheckedForm<Address>({
    defaultValues: saved ?? { line: '', city: '', postcode: '' },
    check: addressProblems,
    idPrefix: 'address',
  });
  const [done, setDone] = useState(false);
  const update = useUpdateAddress();
  const from = useCameFrom();
  const { hash } = useLocation();
  const section = useRef<HTMLElement>(null);

  // The checkout's 'Add Address to Continue' links straight here.
  useEffect(() => {
    if (hash === '#address') section.current?.scrollIntoView?.({ block: 'start' });
  }, [hash]);

  const onSubmit = form.submit((address) => {
    setDone(false);
    const trimmed = { line: address.line.trim(), city: address.city.trim(), postcode: address.postcode.trim() };
    return update.mutateAsync(trimmed).then(
      (me) => {
        if (me.address) form.reset(me.address);
        setDone(true);
      },
      // A refused field is shown beside it; anything else is the spec's general message.
      (error: unknown) => form.serverError(error, ['line', 'city', 'postcode']),
    );
  });

  return (
    <section id="address" ref={section} aria-labelledby="address-heading" className="scroll-mt-4 space-y-4 border-t border-slate-200 pt-6">
      <h2 id="address-heading" className="text-xl font-semibold text-slate-900">
        Address
      </h2>
      <p className="text-slate-700">Owners see this address when you rent from them. We only support addresses in the UK.</p>
      <div role="status">
        {done && (
          <FormSuccess>
            <p>Your address has been saved.</p>
            {from === '/checkout' && (
              <p className="mt-2">
                <Link to="/checkout" className={linkClass}>
                  Back to checkout
                </Link>
              </p>
            )}
          </FormSuccess>
        )}
      </div>
      <form noValidate onSubmit={onSubmit} aria-label="Your address" className="max-w-md space-y-4">
        {form.failure && <FormAlert>{ADDRESS_FAILED_MESSAGE}</FormAlert>}
        <FormField id="address-line" label="Street address" problem={form.problem('line')}>
          <input type="text" autoComplete="street-address" maxLength={200} className={inputClass} {...form.field('line')} />
        </FormField>
        <FormField id="address-city" label="City" problem={form.problem('city')}>
          <input type="text" autoComplete="address-level2" maxLength={100} className={inputClass} {...form.field('city')} />
        </FormField>
        <FormField id="address-postcode" label="Postcode" problem={form.problem('postcode')}>
          <input type="text" autoComplete="postal-code" maxLength={10} className={`${inputClass} uppercase`} {...form.field('postcode')} />
        </FormField>
        <button type="submit" disabled={update.isPending} className={primaryButtonClass}>
          {update.isPending ? 'Saving...' : 'Save address'}
        </button>
      </form>
    </section>
  );
}
