import type { MailMessage } from '../../platform/mail/mailer.ts';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function layout(
  greeting: string,
  lines: string[],
  action: { label: string; url: string },
  footer: string,
): Pick<MailMessage, 'text' | 'html'> {
  const text = [greeting, '', ...lines, '', `${action.label}: ${action.url}`, '', footer, '', 'Toolshed'].join('\n');
  const html = `<!doctype html><html lang="en-GB"><body style="font-family:Arial,sans-serif;color:#1f2937;line-height:1.5">
<p>${escape(greeting)}</p>${lines.map((l) => `<p>${escape(l)}</p>`).join('')}
<p><a href="${escape(action.url)}" style="background:#065f46;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escape(action.label)}</a></p>
<p style="font-size:13px;color:#4b5563">Or paste this link into your browser: ${escape(action.url)}</p>
<p style="font-size:13px;color:#4b5563">${escape(footer)}</p><p>Toolshed</p></body></html>`;
  return { text, html };
}

export function confirmEmailMessage(to: string, name: string, url: string): MailMessage {
  return {
    to,
    subject: 'Confirm your email for Toolshed',
    ...layout(
      `Hello ${name},`,
      ['Welcome to Toolshed! Please confirm your email address to finish creating your account.'],
      { label: 'Confirm my email', url },
      'This link works for 24 hours. If you did not sign up, you can ignore this email.',
    ),
  };
}

export function resetPasswordMessage(to: string, name: string, url: string): MailMessage {
  return {
    to,
    subject: 'Reset your Toolshed password',
    ...layout(
      `Hello ${name},`,
      ['Someone (hopefully you) asked to reset the password of your Toolshed account.', 'Resetting it signs you out everywhere else.'],
      { label: 'Choose a new password', url },
      'This link works for 1 hour. If you did not ask for it, ignore this email: your password stays as it is.',
    ),
  };
}
