import { useState, type FormEvent } from 'react';
import { checkPhone, PHONE_COUNTRIES, PHONE_MESSAGES } from '@toolshed/core';
import { ApiError } from '../../../lib/api-error.ts';
import { fieldA11y, FormField, FormSuccess, inputClass, primaryButtonClass } from '../../../ui/form-parts.tsx';
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

/**
 * Phone number with verification: choose a country and number, get a code by text, enter it. A code
 * sent and still valid (`codeSent`, from the server) keeps its box open across a reload.
 */
export function PhoneForm({ saved, codeSent = null }: { saved: MePhone | null; codeSent?: CodeSent | null }) {
  const [countryCode, setCountryCode] = useState(saved?.countryCode ?? 'GB');
  const [number, setNumber] = useState(saved?.number ?? '');
  const [code, setCode] = useState('');
  const [problems, setProblems] = useState<{ countryCode?: string; number?: string; code?: string }>({});
  const [sent, setSent] = useState<CodeSent | null>(codeSent);
  const sentTo = sent?.sentTo ?? null;
  const [verified, setVerified] = useState(false);
  const send = useSendCode();
  const verify = useVerifyCode();

  function onSend(event: FormEvent) {
    event.preventDefault();
    setVerified(false);
    const phone = checkPhone(countryCode, number);
    if (!phone.ok) {
      setProblems({ [phone.field]: phone.message });
      document.getElementById(phone.field === 'countryCode' ? 'phone-country' : 'phone-number')?.focus();
      return;
    }
    setProblems({});
    send.mutate(
      { countryCode, number },
      {
        onSuccess: (answer) => {
          setSent(answer);
          setCode('');
        },
        onError: (error) => setProblems({ number: refusal(error, PHONE_MESSAGES.sendFailed) }),
      },
    );
  }

  function onVerify(event: FormEvent) {
    event.preventDefault();
    if (!code.trim()) {
      setProblems({ code: PHONE_MESSAGES.codeRequired });
      document.getElementById('phone-code')?.focus();
      return;
    }
    setProblems({});
    verify.mutate(code, {
      onSuccess: () => {
        setSent(null);
        setVerified(true);
      },
      onError: (error) => setProblems({ code: refusal(error, PHONE_MESSAGES.verifyFailed) }),
    });
  }

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
        <FormField id="phone-country" label="Country" problem={problems.countryCode}>
          <select
            id="phone-country"
            value={countryCode}
            onChange={(e) => setCountryCode(e.target.value)}
            className={inputClass}
            {...fieldA11y('phone-country', problems.countryCode)}
          >
            <option value="">Select a country</option>
            {PHONE_COUNTRIES.map((c) => (
              <option key={c.code} value={c.code}>
                {c.flag} {c.name} ({c.dialCode})
              </option>
            ))}
          </select>
        </FormField>
        <FormField id="phone-number" label="Phone number" problem={problems.number} hint="Without the leading 0, e.g. 7400 123456.">
          <input
            id="phone-number"
            type="tel"
            autoComplete="tel-national"
            inputMode="tel"
            maxLength={20}
            value={number}
            onChange={(e) => setNumber(e.target.value)}
            className={inputClass}
            {...fieldA11y('phone-number', problems.number, true)}
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
          <FormField id="phone-code" label="Verification code" problem={problems.code}>
            <input
              id="phone-code"
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              className={inputClass}
              {...fieldA11y('phone-code', problems.code)}
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
