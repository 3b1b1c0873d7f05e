import { describe, expect, it } from 'vitest';
import { createLogger } from './create-logger.ts';

function capture(level: 'info' | 'debug' = 'info') {
  const lines: string[] = [];
  const log = createLogger({ logLevel: level, nodeEnv: 'production' }, { write: (line: string) => void lines.push(line) });
  return { log, lines: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>) };
}

describe('the logger', () => {
  it('writes an error with its cause, but not the values a database error quotes', () => {
    const { log, lines } = capture();
    const dbError = Object.assign(new Error('duplicate key value violates unique constraint "users_email_unique"'), {
      severity: 'ERROR',
      code: '23505',
      constraint: 'users_email_unique',
      detail: 'Key (email)=(maya@example.com) already exists.',
    });
    log.error({ err: new Error('could not save the account', { cause: dbError }) }, 'request failed');
    const [line] = lines();
    expect(line).toMatchObject({
      level: 50,
      msg: 'request failed',
      err: { type: 'Error', message: 'could not save the account', cause: { code: '23505', constraint: 'users_email_unique' } },
    });
    expect(JSON.stringify(line)).not.toContain('maya@example.com');
  });

  it('redacts credential headers wherever a header object is logged', () => {
    const { log, lines } = capture();
    log.info({ headers: { cookie: 'toolshed.session_token=abc', authorization: 'Bearer xyz', accept: 'text/html' } }, 'headers');
    expect(lines()[0]).toMatchObject({ headers: { cookie: '[redacted]', authorization: '[redacted]', accept: 'text/html' } });
  });

  it('writes what is at its level and drops what is below it', () => {
    const { log, lines } = capture('info');
    log.debug('quiet');
    log.info('loud');
    expect(lines().map((l) => l.msg)).toEqual(['loud']);
  });
});
