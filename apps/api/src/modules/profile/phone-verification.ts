import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { AppError, normaliseCode, PHONE_MESSAGES, VERIFICATION_CODE_TTL_MS } from '@toolshed/core';
import type { SmsSender } from '../../platform/sms/sms-sender.ts';
import { checkPhoneNumber, storedE164 } from './phone-number.ts';
import type { ProfileRepository } from './profile-repository.ts';

/** Wrong codes allowed before the code stops working. */
export const MAX_CODE_ATTEMPTS = 5;
/** Codes that may be sent per number-owner in one window. */
export const MAX_CODE_SENDS = 3;
export const SEND_WINDOW_MS = 10 * 60_000;
const TOO_MANY_TRIES = 'Too many wrong codes. Please send a new code.';

/**
 * Sends a 6-digit code by SMS and checks it. Only an HMAC of the code is stored (keyed with the
 * server secret and bound to the user and number), so a copy of the database does not reveal it.
 */
export function createPhoneVerification(deps: {
  repo: ProfileRepository;
  sms: SmsSender;
  secret: string;
  now: () => Date;
  log?: (err: unknown) => void;
}) {
  const { repo, sms, secret, now } = deps;
  const hash = (userId: string, e164: string, code: string) =>
    createHmac('sha256', secret).update(`${userId}\n${e164}\n${code}`).digest('hex');

  function check(countryCode: string, number: string) {
    const phone = checkPhoneNumber(countryCode, number);
    if (!phone.ok) throw new AppError('VALIDATION', phone.message, phone.field);
    return phone;
  }

  return {
    async sendCode(userId: string, countryCode: string, number: string): Promise<{ sentTo: string; expiresAt: string }> {
      const phone = check(countryCode, number);
      const at = now();
      const previous = await repo.verification.find(userId);
      const windowOpen = previous && at.getTime() - previous.windowStartedAt.getTime() < SEND_WINDOW_MS;
      if (windowOpen && previous.sendsInWindow >= MAX_CODE_SENDS) {
        const wait = Math.ceil((previous.windowStartedAt.getTime() + SEND_WINDOW_MS - at.getTime()) / 60_000);
        throw new AppError(
          'RATE_LIMITED',
          `You have asked for ${MAX_CODE_SENDS} codes in 10 minutes. Please wait ${wait} minute${wait === 1 ? '' : 's'} and try again.`,
        );
      }
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      // Changing the number clears its verified flag at once, whether or not the new one is confirmed.
      await repo.setPhone(userId, phone.country, phone.e164);
      try {
        await sms.send(phone.e164, `Your Toolshed verification code is ${code}. It expires in 10 minutes. Do not share it with anyone.`);
      } catch (err) {
        deps.log?.(err);
        throw new AppError('UNAVAILABLE', PHONE_MESSAGES.sendFailed);
      }
      const expiresAt = new Date(at.getTime() + VERIFICATION_CODE_TTL_MS);
      await repo.verification.save({
        userId,
        countryCode: phone.country.code,
        phoneNumber: phone.e164,
        codeHash: hash(userId, phone.e164, code),
        expiresAt,
        attempts: 0,
        sendsInWindow: windowOpen ? previous.sendsInWindow + 1 : 1,
        windowStartedAt: windowOpen ? previous.windowStartedAt : at,
      });
      return { sentTo: phone.national, expiresAt: expiresAt.toISOString() };
    },

    remove: (userId: string) => repo.removePhone(userId),

    async verify(userId: string, rawCode: string): Promise<void> {
      if (!rawCode.trim()) throw new AppError('VALIDATION', PHONE_MESSAGES.codeRequired, 'code');
      if (!(await repo.verification.find(userId))) {
        throw new AppError('VALIDATION', 'There is no code waiting to be checked. Please send a new code.', 'code');
      }
      const pending = await repo.verification.claimTry(userId, MAX_CODE_ATTEMPTS);
      if (!pending) throw new AppError('RATE_LIMITED', TOO_MANY_TRIES, 'code');
      if (now().getTime() > pending.expiresAt.getTime()) {
        throw new AppError('VALIDATION', 'This code has expired. Please send a new code.', 'code');
      }
      const code = normaliseCode(rawCode);
      // A code sent before numbers were stored in E.164 was hashed with the same E.164 number.
      const e164 = storedE164(pending.countryCode, pending.phoneNumber) ?? pending.phoneNumber;
      const expected = Buffer.from(pending.codeHash, 'hex');
      const given = Buffer.from(hash(userId, e164, code ?? 'not-a-code'), 'hex');
      if (!code || expected.length !== given.length || !timingSafeEqual(expected, given)) {
        if (pending.attempts >= MAX_CODE_ATTEMPTS) throw new AppError('RATE_LIMITED', TOO_MANY_TRIES, 'code');
        throw new AppError('VALIDATION', PHONE_MESSAGES.wrongCode, 'code');
      }
      await repo.markPhoneVerified(userId, pending.countryCode, e164);
    },
  };
}

export type PhoneVerification = ReturnType<typeof createPhoneVerification>;
