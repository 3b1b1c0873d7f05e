import { emailProblem } from './email-address.ts';

/** A message to the support team from the help page's contact form. */
export interface SupportRequestInput {
  name: string;
  email: string;
  subject: string;
  message: string;
}

export type SupportField = keyof SupportRequestInput;
export type SupportProblems = Partial<Record<SupportField, string>>;

/** Characters allowed in each field, counted after trimming; the form and the API check the same. */
export const SUPPORT_LIMITS = { name: [1, 100], subject: [1, 150], message: [10, 5000] } as const;

const WORDS = {
  name: { missing: 'Please enter your name.', noun: 'Your name' },
  subject: { missing: 'Please enter a subject.', noun: 'The subject' },
  message: { missing: 'Please enter your message.', noun: 'Your message' },
} as const;

/** Every problem of the form at once, each in the words shown beside its field. */
export function supportProblems(form: SupportRequestInput): SupportProblems {
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
