import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ApiError, errorMessage, fieldMessage } from '../../../lib/api-error.ts';
import { fieldA11y, FormAlert, FormField, FormSuccess, inputClass, primaryButtonClass } from '../../../ui/form-parts.tsx';
import { createSupportRequest, type SupportRequest } from '../api/create-support-request.ts';
import { SUPPORT_LIMITS, supportProblems, type SupportField, type SupportProblems } from '@toolshed/core';

export const CONTACT_SUCCESS_MESSAGE = 'Thanks! We have received your message and will reply within 24 hours.';
/** The spec keeps the confirmation on screen for three seconds. */
export const CONTACT_SUCCESS_MS = 3_000;

const FIELDS: readonly SupportField[] = ['name', 'email', 'subject', 'message'];

/** A refusal naming one field goes beside it, in our words when our rules explain it. */
function serverFieldProblem(error: unknown, form: SupportRequest): SupportProblems | null {
  if (!(error instanceof ApiError) || error.status !== 400 || !FIELDS.includes(error.field as SupportField)) return null;
  const field = error.field as SupportField;
  return { [field]: supportProblems(form)[field] ?? fieldMessage(error) };
}

interface Props {
  /** Prefilled from the account when signed in. */
  defaults: { name: string; email: string };
  unavailable: boolean;
}

export function ContactForm({ defaults, unavailable }: Props) {
  const [form, setForm] = useState<SupportRequest>({ ...defaults, subject: '', message: '' });
  const [problems, setProblems] = useState<SupportProblems>({});
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const set = (field: SupportField) => (value: string) => setForm((f) => ({ ...f, [field]: value }));

  // Every failure is caught and shown in the form, so the submit event starts this and need not wait for it.
  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found = supportProblems(form);
    setProblems(found);
    const first = FIELDS.find((f) => found[f]);
    if (first) {
      document.getElementById(`support-${first}`)?.focus();
      return;
    }
    setSubmitting(true);
    setError(null);
    try {
      const trimmed = Object.fromEntries(FIELDS.map((f) => [f, form[f].trim()])) as unknown as SupportRequest;
      await createSupportRequest(trimmed);
      setForm((f) => ({ ...f, subject: '', message: '' }));
      setSent(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setSent(false), CONTACT_SUCCESS_MS);
    } catch (err) {
      const fieldProblem = serverFieldProblem(err, form);
      if (fieldProblem) setProblems(fieldProblem);
      else setError(errorMessage(err));
    } finally {
      setSubmitting(false);
    }
  }

  const input = (field: 'name' | 'email' | 'subject', type: string, autoComplete: string) => (
    <input
      id={`support-${field}`}
      type={type}
      autoComplete={autoComplete}
      required
      value={form[field]}
      maxLength={field === 'email' ? 254 : SUPPORT_LIMITS[field][1]}
      onChange={(e) => set(field)(e.target.value)}
      className={inputClass}
      {...fieldA11y(`support-${field}`, problems[field])}
    />
  );

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} aria-labelledby="contact-heading">
      <div role="status">{sent && <FormSuccess className="mb-4">{CONTACT_SUCCESS_MESSAGE}</FormSuccess>}</div>
      {error && (
        <div className="mb-4">
          <FormAlert>{error}</FormAlert>
        </div>
      )}
      <fieldset disabled={unavailable} className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="support-name" label="Name" problem={problems.name}>
            {input('name', 'text', 'name')}
          </FormField>
          <FormField id="support-email" label="Email" problem={problems.email}>
            {input('email', 'email', 'email')}
          </FormField>
        </div>
        <FormField id="support-subject" label="Subject" problem={problems.subject}>
          {input('subject', 'text', 'off')}
        </FormField>
        <FormField id="support-message" label="Message" problem={problems.message} hint="At least 10 characters.">
          <textarea
            id="support-message"
            required
            rows={6}
            maxLength={SUPPORT_LIMITS.message[1]}
            value={form.message}
            onChange={(e) => set('message')(e.target.value)}
            className={inputClass}
            {...fieldA11y('support-message', problems.message, true)}
          />
        </FormField>
        <button type="submit" disabled={submitting} className={primaryButtonClass}>
          Send message
        </button>
      </fieldset>
    </form>
  );
}
