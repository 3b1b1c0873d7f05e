import { addressProblems, safeReturnPath } from '@toolshed/core';
import type { Address } from '@toolshed/core/contract';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearchParams } from '../../../lib/router/index.ts';
import { ApiError, fieldMessage } from '../../../lib/api-error.ts';
import { fieldA11y, FormAlert, FormField, FormSuccess, inputClass, linkClass, primaryButtonClass } from '../../../ui/form-parts.tsx';
import { useUpdateAddress } from '../api/update-address.ts';

export const ADDRESS_FAILED_MESSAGE = 'Failed to update address. Please try again.';

type Problems = Partial<Record<keyof Address, string>>;

/** Where the user came from: `?from=` or the state of the link that brought them. */
function useCameFrom(): string {
  const [params] = useSearchParams();
  const state = useLocation().state as { from?: unknown } | null;
  return safeReturnPath(params.get('from') ?? (typeof state?.from === 'string' ? state.from : null));
}

/** The borrower address checkout needs (UK only). */
export function AddressForm({ saved }: { saved: Address | null }) {
  const [address, setAddress] = useState<Address>(saved ?? { line: '', city: '', postcode: '' });
  const [problems, setProblems] = useState<Problems>({});
  const [done, setDone] = useState(false);
  const update = useUpdateAddress();
  const from = useCameFrom();
  const { hash } = useLocation();
  const section = useRef<HTMLElement>(null);

  // The checkout's 'Add Address to Continue' links straight here.
  useEffect(() => {
    if (hash === '#address') section.current?.scrollIntoView?.({ block: 'start' });
  }, [hash]);

  const set = (key: keyof Address) => (value: string) => setAddress((a) => ({ ...a, [key]: value }));

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = addressProblems(address);
    setProblems(found);
    setDone(false);
    const first = (['line', 'city', 'postcode'] as const).find((k) => found[k]);
    if (first) {
      document.getElementById(`address-${first}`)?.focus();
      return;
    }
    const trimmed = { line: address.line.trim(), city: address.city.trim(), postcode: address.postcode.trim() };
    update.mutate(trimmed, {
      onSuccess: (me) => {
        if (me.address) setAddress(me.address);
        setDone(true);
      },
      onError: (error) => {
        // A refused field is shown beside it; anything else is the spec's general message.
        if (
          error instanceof ApiError &&
          error.status === 400 &&
          (error.field === 'line' || error.field === 'city' || error.field === 'postcode')
        ) {
          setProblems({ [error.field]: fieldMessage(error) });
        }
      },
    });
  }

  const fieldRefused = update.error instanceof ApiError && update.error.status === 400 && Object.keys(problems).length > 0;
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
        {update.isError && !fieldRefused && <FormAlert>{ADDRESS_FAILED_MESSAGE}</FormAlert>}
        <FormField id="address-line" label="Street address" problem={problems.line}>
          <input
            id="address-line"
            type="text"
            autoComplete="street-address"
            maxLength={200}
            value={address.line}
            onChange={(e) => set('line')(e.target.value)}
            className={inputClass}
            {...fieldA11y('address-line', problems.line)}
          />
        </FormField>
        <FormField id="address-city" label="City" problem={problems.city}>
          <input
            id="address-city"
            type="text"
            autoComplete="address-level2"
            maxLength={100}
            value={address.city}
            onChange={(e) => set('city')(e.target.value)}
            className={inputClass}
            {...fieldA11y('address-city', problems.city)}
          />
        </FormField>
        <FormField id="address-postcode" label="Postcode" problem={problems.postcode}>
          <input
            id="address-postcode"
            type="text"
            autoComplete="postal-code"
            maxLength={10}
            value={address.postcode}
            onChange={(e) => set('postcode')(e.target.value)}
            className={`${inputClass} uppercase`}
            {...fieldA11y('address-postcode', problems.postcode)}
          />
        </FormField>
        <button type="submit" disabled={update.isPending} className={primaryButtonClass}>
          {update.isPending ? 'Saving...' : 'Save address'}
        </button>
      </form>
    </section>
  );
}
