import type { ItemDetail } from '@toolshed/core/contract';
import { act } from '@testing-library/react';
import { vi } from 'vitest';
import { testUser } from './fake-server.ts';
import { testItem } from './item-detail.ts';

/** Test helpers for the owner's screens: an item of the signed-in test user, and fake uploads. */

export const photoUrl = (itemId: string, imageId: string) => ({
  url: `/media/items/${itemId}/${imageId}-large.webp`,
  thumbUrl: `/media/items/${itemId}/${imageId}-thumb.webp`,
  alt: `Photo ${imageId}`,
});

export function ownedItem(overrides: Partial<ItemDetail> = {}): ItemDetail {
  const id = overrides.id ?? 'item-1';
  return testItem({
    id,
    owner: { id: testUser.id, name: testUser.name, picture: null, rating: null, totalRatings: 0 },
    images: [photoUrl(id, 'img-a'), photoUrl(id, 'img-b'), photoUrl(id, 'img-c')],
    ...overrides,
  });
}

/** The first bytes of each accepted format, so a test photo passes the browser's check of its contents. */
const SIGNATURES: Record<string, number[]> = {
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  'image/jpeg': [0xff, 0xd8, 0xff, 0xe0],
  'image/webp': [0x52, 0x49, 0x46, 0x46, 0x24, 0, 0, 0, 0x57, 0x45, 0x42, 0x50],
};

/** A file of `type` that starts like one (any other type holds text); `size` is what it claims to weigh. */
export function photo(name: string, type = 'image/png', size = 2048): File {
  const start = SIGNATURES[type];
  const file = new File([...(start ? [new Uint8Array(start)] : []), 'test image bytes'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

/** One XMLHttpRequest as the code under test drives it; the test answers it. */
export class FakeUpload {
  method = '';
  url = '';
  body: unknown;
  status = 0;
  statusText = '';
  responseText = '';
  withCredentials = false;
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader() {}
  send(body: unknown) {
    this.body = body;
    FakeUpload.sent.push(this);
  }

  progress(percent: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded: percent, total: 100 }));
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    act(() => this.onload?.());
  }

  /** No answer at all: the connection dropped. */
  fail() {
    act(() => this.onerror?.());
  }

  static sent: FakeUpload[] = [];
}

/** Replaces XMLHttpRequest (render-app's cleanup restores it); returns the requests sent so far. */
export function fakeUploads(): FakeUpload[] {
  FakeUpload.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeUpload);
  return FakeUpload.sent;
}

/** The uploaded file of one request. */
export const uploadedFile = (upload: FakeUpload) => (upload.body as FormData).get('file') as File;
