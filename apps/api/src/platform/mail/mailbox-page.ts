import type { FastifyInstance } from 'fastify';
import { readOutbox } from './mailer.ts';
import { readSmsOutbox } from '../sms/sms-sender.ts';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Development only: lists the outbox so sign-up links can be followed without a real inbox. */
export function registerMailboxPage(app: FastifyInstance, outboxDir: string, smsOutboxDir?: string): void {
  app.get('/dev/mailbox', { schema: { hide: true } }, async (_request, reply) => {
    const messages = await readOutbox(outboxDir);
    const texts = smsOutboxDir ? await readSmsOutbox(smsOutboxDir) : [];
    const textRows = texts
      .map(
        (t) => `<article>
  <h2>Text message</h2>
  <p class="meta">To <strong>${escape(t.to)}</strong> · ${escape(new Date(t.sentAt).toLocaleString('en-GB', { timeZone: 'Europe/London' }))}</p>
  <pre>${escape(t.text)}</pre>
</article>`,
      )
      .join('\n');
    const rows = messages
      .map(
        (m) => `<article>
  <h2>${escape(m.subject)}</h2>
  <p class="meta">To <strong>${escape(m.to)}</strong> · ${escape(new Date(m.sentAt).toLocaleString('en-GB', { timeZone: 'Europe/London' }))}</p>
  <pre>${escape(m.text)}</pre>
  ${m.links.length ? `<ul>${m.links.map((l) => `<li><a href="${escape(l)}">${escape(l)}</a></li>`).join('')}</ul>` : ''}
</article>`,
      )
      .join('\n');
    const html = `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>Mailbox (development)</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem;color:#1f2937}
article{border:1px solid #d1d5db;border-radius:.5rem;padding:1rem;margin:1rem 0}h2{font-size:1.1rem;margin:0}
.meta{color:#4b5563;margin:.25rem 0 .75rem}pre{white-space:pre-wrap;background:#f9fafb;padding:.75rem;border-radius:.25rem}
a{color:#065f46;word-break:break-all}</style></head>
<body><main><h1>Mailbox (development)</h1><p>Emails the app has sent, newest first. ${messages.length} message${messages.length === 1 ? '' : 's'}.</p>
${rows || '<p>No emails yet.</p>'}
${smsOutboxDir ? `<h1>Text messages (development)</h1><p>Text messages (SMS) the app has sent, newest first.</p>\n${textRows || '<p>No text messages yet.</p>'}` : ''}</main></body></html>`;
    return reply.type('text/html').header('cache-control', 'no-store').send(html);
  });
}
