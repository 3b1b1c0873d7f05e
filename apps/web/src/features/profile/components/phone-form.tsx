import { useState } from 'react';
import { useCheckedForm } from '../../../ui/use-checked-form.ts';
import { checkPhone, PHONE_COUNTRIES, PHONE_MESSAGES } from '@toolshed/core';
import { ApiError } from '../../../lib/api-error.ts';
import { FormField, FormSuccess, inputClass, primaryButtonClass } from '../../../ui/form-parts.tsx';
import type { MePhone } from '../../../data/me.ts';
import { useSendCode, useVerifyCode, type CodeSent } from '../api/phone.ts';

/** '10 minutes', '1 minute': what is left of a code's life, said when its box is drawn. */
function minutesLeft(expiresAt: string): string {
  const minutes = Math.max(1, Math.ceil((new Date(expiresAt).getTime() - Date.now()) / 60_000));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** The server's own words for a refused request (a field, or too many tries), else the spec's fallback. */
function refusal(error: unknown, fallback: string): string {
  if (error instanceof ApiError && (error.status === 400 || error.status === 429)) return error.message;
  return fallback;
}

/** The number's form and the code's: sending a code opens the second, a verified code closes it. */
function usePhoneForms(saved: MePhone | null, codeSent: CodeSent | null) {
  const numberForm = useCheckedForm<{ countryCode: string; number: string }>({
    defaultValues: { countryCode: saved?.countryCode ?? 'GB', number: saved?.number ?? '' },
    check: ({ countryCode, number }) => {
      const phone = checkPhone(countryCode, number);
      return phone.ok ? {} : { [phone.field]: phone.message };
    },
    idPrefix: 'phone',
    ids: { countryCode: 'phone-country' },
    hinted: ['number'],
  });
  const codeForm = useCheckedForm<{ code: string }>({
    defaultValues: { code: '' },
    check: ({ code }) => ({ code: code.trim() ? undefined : PHONE_MESSAGES.codeRequired }),
    idPrefix: 'phone',
  });
  const [sent, setSent] = useState<CodeSent | null>(codeSent);
  const sentTo = sent?.sentTo ?? null;
  const [verified, setVerified] = useState(false);
  const send = useSendCode();
  const verify = useVerifyCode();

  const onSend = numberForm.submit((phone) => {
    setVerified(false);
    return send.mutateAsync(phone).then(
      (answer) => {
        setSent(answer);
        codeForm.reset();
      },
      (error: unknown) =>
        numberForm.setError('number', { type: 'server', message: refusal(error, PHONE_MESSAGES.sendFailed) }, { shouldFocus: true }),
    );
  });

  const onVerify = codeForm.submit(({ code }) =>
    verify.mutateAsync(code).then(
      () => {
        setSent(null);
        setVerified(true);
      },
      (error: unknown) =>
        codeForm.setError('code', { type: 'server', message: refusal(error, PHONE_MESSAGES.verifyFailed) }, { shouldFocus: true }),
    ),
  );

  return { numberForm, codeForm, sent, sentTo, verified, send, verify, onSend, onVerify };
}

/**
 * Phone number with verification: choose a country and number, get a code by text, enter it. A code
 * sent and still valid (`codeSent`, from the server) keeps its box open across a reload.
 */
export function PhoneForm({ saved, codeSent = null }: { saved: MePhone | null; codeSent?: CodeSent | null }) {
  const { numberForm, codeForm, sent, sentTo, verified, send, verify, onSend, onVerify } = usePhoneForms(saved, codeSent);
  return (
    <section aria-labelledby="phone-heading" className="space-y-4 border-t border-slate-200 pt-6">
      <h2 id="phone-heading" className="text-xl font-semibold text-slate-900">
        Phone number
      </h2>
      <p className="text-slate-700">
        {saved ? (
          <>
            {saved.formatted} · <strong>{saved.verified ? 'Verified' : 'Not verified'}</strong>
          </>
        ) : (
          'No phone number yet. Owners see your verified number when you rent from them.'
        )}
      </p>
      <div role="status">{verified && <FormSuccess>Your phone number has been verified.</FormSuccess>}</div>
      <form noValidate onSubmit={onSend} aria-label="Send a verification code" className="max-w-md space-y-4">
        <FormField id="phone-country" label="Country" problem={numberForm.problem('countryCode')}>
          <select className={inputClass} {...numberForm.field('countryCode')}>
            <option value="">Select a country</option>
            {PHONE_COUNTRIES.map((c) => (
              <option key={c.code} value={c.code}>
                {c.flag} {c.name} ({c.dialCode})
              </option>
            ))}
          </select>
        </FormField>
        <FormField
          id="phone-number"
          label="Phone number"
          problem={numberForm.problem('number')}
          hint="Without the leading 0, e.g. 7400 123456."
        >
          <input
            type="tel"
            autoComplete="tel-national"
            inputMode="tel"
            maxLength={20}
            className={inputClass}
            {...numberForm.field('number')}
          />
        </FormField>
        <button type="submit" disabled={send.isPending} className={primaryButtonClass}>
          {send.isPending ? 'Sending...' : sentTo ? 'Send a new code' : 'Send code'}
        </button>
      </form>
      {sentTo && (
        <form noValidate onSubmit={onVerify} aria-label="Enter the verification code" className="max-w-md space-y-4">
          <p className="text-sm text-slate-700">
            We have sent a 6-digit code to {sentTo}. It expires in {minutesLeft(sent!.expiresAt)}.
          </p>
          <FormField id="phone-code" label="Verification code" problem={codeForm.problem('code')}>
            <input
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              className={inputClass}
              {...codeForm.field('code')}
            />
          </FormField>
          <button type="submit" disabled={verify.isPending} className={primaryButtonClass}>
            {verify.isPending ? 'Checking...' : 'Verify'}
          </button>
        </form>
      )}
    </section>
  );
}
