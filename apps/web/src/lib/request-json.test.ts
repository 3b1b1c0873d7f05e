import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error.ts';
import { apiErrorFrom, uploadFile } from './request-json.ts';

const messages = { network: 'The photo could not be sent.', failed: 'The photo could not be uploaded.' };
const photo = () => new File([new Uint8Array([0xff, 0xd8, 0xff])], 'tap.jpg', { type: 'image/jpeg' });

function answer(status: number, body?: unknown) {
  return new Response(body === undefined ? '' : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiErrorFrom', () => {
  it('keeps the server’s code, message, field and reason', () => {
    const error = apiErrorFrom(400, { error: { code: 'VALIDATION', message: 'note: too long', field: 'note', reason: 'TOO_LONG' } }, 'x');
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION', message: 'note: too long', field: 'note', reason: 'TOO_LONG' });
  });

  it('falls back to the status and the given words when the body is not an error', () => {
    expect(apiErrorFrom(502, '<html>', 'Bad gateway')).toMatchObject({ status: 502, code: 'HTTP_502', message: 'Bad gateway' });
    expect(apiErrorFrom(500, { error: 'boom' }, 'Failed')).toMatchObject({ code: 'HTTP_500', message: 'Failed' });
  });
});

describe('uploadFile', () => {
  it('posts the file as multipart form data with the cookies and returns the JSON answer', async () => {
    const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => answer(201, { id: 'h-1', photos: 1 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(uploadFile('/api/claims/c-1/photos', photo(), messages)).resolves.toEqual({ id: 'h-1', photos: 1 });
    const [path, init] = fetchMock.mock.calls[0]!;
    expect(path).toBe('/api/claims/c-1/photos');
    expect(init).toMatchObject({ method: 'POST', credentials: 'same-origin' });
    // The browser writes the multipart boundary: no Content-Type of our own.
    expect(init?.headers).toEqual({ Accept: 'application/json' });
    const sent = (init?.body as FormData).get('file') as File;
    expect(sent.name).toBe('tap.jpg');
    expect(sent.size).toBe(3);
  });

  it('throws the server’s refusal as an ApiError', async () => {
    vi.stubGlobal('fetch', async () => answer(400, { error: { code: 'TOO_MANY_PHOTOS', message: 'At most 6 photos a side' } }));
    const error = await uploadFile('/p', photo(), messages).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'TOO_MANY_PHOTOS', message: 'At most 6 photos a side' });
  });

  it('says the given words when the failure has no error body, and when the network fails', async () => {
    vi.stubGlobal('fetch', async () => new Response('bad gateway', { status: 502 }));
    await expect(uploadFile('/p', photo(), messages)).rejects.toMatchObject({ status: 502, message: 'The photo could not be uploaded.' });
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(uploadFile('/p', photo(), messages)).rejects.toMatchObject({
      status: 0,
      code: 'NETWORK',
      message: 'The photo could not be sent.',
    });
  });

  it('refuses a success without JSON', async () => {
    vi.stubGlobal('fetch', async () => new Response('', { status: 200 }));
    await expect(uploadFile('/p', photo(), messages)).rejects.toMatchObject({ code: 'NOT_JSON' });
  });
});
