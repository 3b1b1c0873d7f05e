import {
  activeVacation,
  AppError,
  addDays,
  compareDates,
  findPhoneCountry,
  formatPostcode,
  isIsoDate,
  PICTURE_MESSAGES,
  todayInLondon,
  type IsoDate,
} from '@toolshed/core';
import { sniffImage } from '../../platform/images/sniff-image.ts';
import { storeItemImage } from '../../platform/images/store-image.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import { storedPhoneView } from './phone-number.ts';
import type { ProfileRepository, UserRow } from './profile-repository.ts';

/** Vacation can be planned up to a year ahead. */
export const VACATION_MAX_DAYS = 365;

export interface MeView {
  id: string;
  name: string;
  email: string;
  picture: string | null;
  createdAt: string;
  address: { line: string; city: string; postcode: string } | null;
  phone: { countryCode: string; dialCode: string; number: string; formatted: string; verified: boolean } | null;
  /** The last day the user's items cannot be booked; null when not away (or the date has passed). */
  vacationUntil: IsoDate | null;
  /** Whether a private calendar feed address exists (the address itself is shown only when made). */
  calendarFeed: boolean;
  /** A verification code sent and still valid: where to, and until when (the code box survives a reload). */
  phoneCode: { sentTo: string; expiresAt: string } | null;
}

/** `onChange` runs after changes browsing shows (owner pictures on cards, vacation in the date filter). */
export function createProfileService(repo: ProfileRepository, storage: FileStorage, now: () => Date, onChange: () => void = () => {}) {
  function view(row: UserRow, pending: { countryCode: string; phoneNumber: string; expiresAt: Date } | undefined): MeView {
    const country = findPhoneCountry(row.phoneCountryCode);
    const phone = storedPhoneView(row.phoneCountryCode, row.phoneNumber);
    const address =
      row.addressLine && row.addressCity && row.addressPostcode
        ? { line: row.addressLine, city: row.addressCity, postcode: row.addressPostcode }
        : null;
    return {
      id: row.id,
      name: row.name,
      email: row.email,
      picture: row.picture,
      createdAt: row.createdAt.toISOString(),
      address,
      phone:
        country && phone
          ? {
              countryCode: country.code,
              dialCode: country.dialCode,
              number: phone.nationalNumber,
              formatted: phone.national,
              verified: row.phoneVerified,
            }
          : null,
      vacationUntil: activeVacation(row.vacationUntil, todayInLondon(now())),
      calendarFeed: row.calendarTokenHash !== null,
      phoneCode: codeSent(pending),
    };
  }

  function codeSent(pending: { countryCode: string; phoneNumber: string; expiresAt: Date } | undefined): MeView['phoneCode'] {
    if (!pending || pending.expiresAt <= now()) return null;
    const sentTo = storedPhoneView(pending.countryCode, pending.phoneNumber);
    return sentTo ? { sentTo: sentTo.national, expiresAt: pending.expiresAt.toISOString() } : null;
  }

  async function me(id: string): Promise<MeView> {
    const [row, pending] = await Promise.all([repo.find(id), repo.verification.find(id)]);
    if (!row) throw new AppError('NOT_FOUND', 'User not found');
    return view(row, pending);
  }

  return {
    me,

    async rename(id: string, name: string): Promise<MeView> {
      await repo.updateName(id, name);
      onChange();
      return me(id);
    },

    async saveAddress(id: string, address: { line: string; city: string; postcode: string }): Promise<MeView> {
      await repo.updateAddress(id, { ...address, postcode: formatPostcode(address.postcode) });
      return me(id);
    },

    /**
     * Checks the bytes (not the name or the browser's type), resizes and strips the image like item
     * photos, stores it under a fresh key and only then points the user at it; the old file goes last.
     */
    async setPicture(id: string, data: Buffer): Promise<MeView> {
      if (data.length === 0) throw new AppError('VALIDATION', PICTURE_MESSAGES.required, 'file');
      if (!sniffImage(data)) throw new AppError('VALIDATION', PICTURE_MESSAGES.notImage, 'file');
      let stored;
      try {
        stored = await storeItemImage(storage, id, data, 'avatars');
      } catch {
        throw new AppError('VALIDATION', PICTURE_MESSAGES.notImage, 'file');
      }
      // Avatars are shown small: the 400 px size is kept, the large one is not needed.
      await storage.remove(stored.largeKey);
      let oldKey: string | null;
      try {
        oldKey = await repo.replacePicture(id, { url: storage.url(stored.thumbKey), key: stored.thumbKey });
      } catch {
        await storage.remove(stored.thumbKey);
        throw new AppError('UNAVAILABLE', PICTURE_MESSAGES.failed, 'file');
      }
      if (oldKey) await storage.remove(oldKey);
      onChange();
      return me(id);
    },

    async removePicture(id: string): Promise<MeView> {
      const oldKey = await repo.replacePicture(id, null);
      if (oldKey) await storage.remove(oldKey);
      onChange();
      return me(id);
    },

    async setVacation(id: string, until: string): Promise<MeView> {
      const today = todayInLondon(now());
      if (!isIsoDate(until)) throw new AppError('VALIDATION', 'Please choose the date you are back.', 'until');
      if (compareDates(until, today) < 0) throw new AppError('VALIDATION', 'The end date cannot be in the past.', 'until');
      if (compareDates(until, addDays(today, VACATION_MAX_DAYS)) > 0) {
        throw new AppError('VALIDATION', `Vacation mode can be set for at most ${VACATION_MAX_DAYS} days ahead.`, 'until');
      }
      await repo.setVacation(id, until);
      onChange();
      return me(id);
    },

    async endVacation(id: string): Promise<MeView> {
      await repo.setVacation(id, null);
      onChange();
      return me(id);
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
