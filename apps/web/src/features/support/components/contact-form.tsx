import { useEffect, useRef, useState } from 'react';
import { useCheckedForm } from '../../../ui/use-checked-form.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { FormAlert, FormField, FormSuccess, inputClass, primaryButtonClass } from '../../../ui/form-parts.tsx';
import { createSupportRequest, type SupportRequest } from '../api/create-support-request.ts';
import { SUPPORT_LIMITS, supportProblems, type SupportField } from '@toolshed/core';

export const CONTACT_SUCCESS_MESSAGE = 'Thanks! We have received your message and will reply within 24 hours.';
/** The spec keeps the confirmation on screen for three seconds. */
export const CONTACT_SUCCESS_MS = 3_000;

const FIELDS: readonly SupportField[] = ['name', 'email', 'subject', 'message'];

interface Props {
  /** Prefilled from the account when signed in. */
  defaults: { name: string; email: string };
  unavailable: boolean;
}

export function ContactForm({ defaults, unavailable }: Props) {
  const form = useCheckedForm<SupportRequest>({
    defaultValues: { ...defaults, subject: '', message: '' },
    check: supportProblems,
    idPrefix: 'support',
    hinted: ['message'],
  });
  const [sent, setSent] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const onSubmit = form.submit(async (values) => {
    try {
      await createSupportRequest(Object.fromEntries(FIELDS.map((f) => [f, values[f].trim()])) as unknown as SupportRequest);
    } catch (error) {
      // A refusal naming one field goes beside it, in our words when our rules explain it.
      const field = error instanceof ApiError && error.status === 400 ? (error.field as SupportField) : undefined;
      const ours = field && FIELDS.includes(field) ? supportProblems(values)[field] : undefined;
      if (field && ours) form.setError(field, { type: 'server', message: ours }, { shouldFocus: true });
      else form.serverError(error, FIELDS);
      return;
    }
    form.reset({ ...values, subject: '', message: '' });
    setSent(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setSent(false), CONTACT_SUCCESS_MS);
  });

  const input = (field: 'name' | 'email' | 'subject', type: string, autoComplete: string) => (
    <input
      type={type}
      autoComplete={autoComplete}
      required
      maxLength={field === 'email' ? 254 : SUPPORT_LIMITS[field][1]}
      className={inputClass}
      {...form.field(field)}
    />
  );

  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby="contact-heading">
      <div role="status">{sent && <FormSuccess className="mb-4">{CONTACT_SUCCESS_MESSAGE}</FormSuccess>}</div>
      {form.failure && (
        <div className="mb-4">
          <FormAlert>{form.failure}</FormAlert>
        </div>
      )}
      <fieldset disabled={unavailable} className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="support-name" label="Name" problem={form.problem('name')}>
            {input('name', 'text', 'name')}
          </FormField>
          <FormField id="support-email" label="Email" problem={form.problem('email')}>
            {input('email', 'email', 'email')}
          </FormField>
        </div>
        <FormField id="support-subject" label="Subject" problem={form.problem('subject')}>
          {input('subject', 'text', 'off')}
        </FormField>
        <FormField id="support-message" label="Message" problem={form.problem('message')} hint="At least 10 characters.">
          <textarea required rows={6} maxLength={SUPPORT_LIMITS.message[1]} className={inputClass} {...form.field('message')} />
        </FormField>
        <button type="submit" disabled={form.formState.isSubmitting} className={primaryButtonClass}>
          Send message
        </button>
      </fieldset>
    </form>
  );
}
