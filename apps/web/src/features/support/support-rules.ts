import { emailProblem } from '../auth/auth-messages.ts';
import type { SupportRequest } from './api/create-support-request.ts';

export type SupportField = keyof SupportRequest;
export type SupportProblems = Partial<Record<SupportField, string>>;

/** The server's limits (characters, after trimming), checked here first for immediate feedback. */
export const SUPPORT_LIMITS = { name: [1, 100], subject: [1, 150], message: [10, 5000] } as const;

const WORDS = {
  name: { missing: 'Please enter your name.', noun: 'Your name' },
  subject: { missing: 'Please enter a subject.', noun: 'The subject' },
  message: { missing: 'Please enter your message.', noun: 'Your message' },
} as const;

export function supportProblems(form: SupportRequest): SupportProblems {
  const problems: SupportProblems = {};
  for (const field of ['name', 'subject', 'message'] as const) {
    const [min, max] = SUPPORT_LIMITS[field];
    const length = form[field].trim().length;
    if (length === 0) problems[field] = WORDS[field].missing;
    else if (length < min) problems[field] = `${WORDS[field].noun} must be at least ${min} characters.`;
    else if (length > max) problems[field] = `${WORDS[field].noun} must be at most ${max} characters.`;
  }
  const email = emailProblem(form.email);
  if (email) problems.email = email;
  return problems;
}
