import { operatorCodeProblem } from '@toolshed/core';
import { FormAlert, FormField, FormSuccess, inputClass, primaryButtonClass } from '../../../ui/form-parts.tsx';
import { useCheckedForm } from '../../../ui/use-checked-form.ts';
import { useSendCode, useVerifyCode } from '../api/ops-api.ts';

/** The desk's second factor: a 6-digit code emailed to the operator, entered once per session. */
export function SecondFactorForm({ email }: { email: string }) {
  const send = useSendCode();
  const verify = useVerifyCode();
  const form = useCheckedForm<{ code: string }>({
    defaultValues: { code: '' },
    check: ({ code }) => ({ code: operatorCodeProblem(code) }),
    idPrefix: 'ops',
  });

  const onSubmit = form.submit(({ code }) =>
    verify.mutateAsync(code.trim()).then(undefined, (error: unknown) => form.serverError(error, ['code'])),
  );

  return (
    <section aria-labelledby="second-factor" className="max-w-md space-y-4">
      <h2 id="second-factor" className="text-xl font-semibold text-slate-900">
        Confirm it is you
      </h2>
      <p className="text-slate-700">
        The operator’s desk asks for a second step: a 6-digit code sent by email to {email}. It works for 10 minutes, on this device only.
      </p>
      <button type="button" className={primaryButtonClass} disabled={send.isPending} onClick={() => send.mutate()}>
        {send.isSuccess ? 'Email another code' : 'Email me a code'}
      </button>
      {send.isSuccess && <FormSuccess>{send.data.message}</FormSuccess>}
      {send.error && <FormAlert>{send.error.message}</FormAlert>}
      <form onSubmit={onSubmit} className="space-y-3" noValidate>
        {form.failure && <FormAlert>{form.failure}</FormAlert>}
        <FormField id={form.id('code')} label="Code from the email" problem={form.problem('code')}>
          <input className={inputClass} inputMode="numeric" autoComplete="one-time-code" maxLength={6} {...form.field('code')} />
        </FormField>
        <button type="submit" className={primaryButtonClass} disabled={verify.isPending}>
          Open the desk
        </button>
      </form>
    </section>
  );
}
