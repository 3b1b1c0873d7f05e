// @vitest-environment node
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import type { Plugin } from 'vite';
import { serviceWorker } from './service-worker.ts';

const ORIGIN = 'https://toolshed.test';
const PLAIN_PAGE = '<!doctype html><html><head><link rel="preload" href="/api/categories" as="fetch"></head><body></body></html>';
const BROWSE_PAGE =
  '<!doctype html><html><head><link rel="preload" as="image" href="/media/items/a/0-thumb.webp"></head><body><script type="application/json" id="first-screen">{}</script></body></html>';

/** The worker the build emits for a bundle with these files. */
async function builtWorker(files: string[]): Promise<string> {
  const plugin = serviceWorker();
  let source = '';
  const call = <T extends (...args: never[]) => unknown>(hook: unknown) =>
    (typeof hook === 'function' ? hook : (hook as { handler: T }).handler) as T;
  call<(config: unknown) => void>(plugin.configResolved)({ publicDir: 'public' });
  const bundle = Object.fromEntries(files.map((f) => [f, {}]));
  await call<(this: unknown, options: unknown, bundle: unknown) => Promise<void>>(plugin.generateBundle as Plugin['generateBundle']).call(
    { emitFile: (file: { fileName: string; source: string }) => void (source = file.source) },
    {},
    bundle,
  );
  return source;
}

type Listener = (event: unknown) => void;

/** Runs the worker's script against an in-memory Cache Storage and a fake network. */
function startWorker(source: string, network: { online: boolean }) {
  const listeners = new Map<string, Listener>();
  const stores = new Map<string, Map<string, Response>>();
  const fetched: string[] = [];
  const key = (input: string | { url: string }) => new URL(typeof input === 'string' ? input : input.url, ORIGIN).pathname;
  const open = async (name: string) => {
    const store = stores.get(name) ?? new Map<string, Response>();
    stores.set(name, store);
    return {
      match: async (input: string) => store.get(key(input))?.clone(),
      put: async (input: string, response: Response) => void store.set(key(input), response),
      addAll: async (inputs: string[]) => {
        for (const input of inputs) store.set(key(input), await fakeFetch(input));
      },
      keys: async () => [...store.keys()],
      delete: async (input: string) => store.delete(key(input)),
    };
  };
  const fakeFetch = async (input: string | { url: string }) => {
    const pathname = key(input);
    fetched.push(pathname);
    if (!network.online) throw new TypeError('Failed to fetch');
    const body = pathname === '/index.html' ? PLAIN_PAGE : pathname.startsWith('/category/') ? BROWSE_PAGE : 'asset';
    return new Response(body, { headers: { 'content-type': pathname.endsWith('.js') ? 'text/javascript' : 'text/html; charset=utf-8' } });
  };
  const self = {
    location: { origin: ORIGIN },
    addEventListener: (type: string, listener: Listener) => void listeners.set(type, listener),
    skipWaiting: async () => undefined,
    clients: { claim: async () => undefined },
  };
  const caches = { open, keys: async () => [...stores.keys()], delete: async (name: string) => stores.delete(name) };
  vm.runInNewContext(source, { self, caches, fetch: fakeFetch, Response, URL });

  /** Dispatches an event and waits for everything the worker asked to wait for. */
  async function dispatch(type: string, fields: object = {}): Promise<Response | undefined> {
    const pending: Array<Promise<unknown>> = [];
    let response: Promise<Response> | undefined;
    listeners.get(type)!({
      ...fields,
      waitUntil: (p: Promise<unknown>) => void pending.push(p),
      respondWith: (p: Promise<Response>) => void (response = p),
    });
    const answer = await response;
    // waitUntil may be called while the answer is being worked out.
    while (pending.length) await pending.shift();
    return answer;
  }
  const navigate = (pathname: string) => dispatch('fetch', { request: { method: 'GET', mode: 'navigate', url: `${ORIGIN}${pathname}` } });
  const storedShell = async () => {
    const shell = [...stores.entries()].find(([name]) => name.startsWith('toolshed-shell-'));
    return shell?.[1].get('/index.html')?.clone().text();
  };
  return { dispatch, navigate, storedShell, fetched };
}

describe('the built service worker', () => {
  it("is the template with this build's file list and a version from it", async () => {
    const source = await builtWorker(['index.html', 'assets/index-Abc.js', 'assets/index-Abc.js.map', 'assets/index-Def.css']);
    expect(source).not.toContain('__VERSION__');
    expect(source).not.toContain('__PRECACHE__');
    expect(source).toContain('"/assets/index-Abc.js"');
    expect(source).toContain('"/index.html"');
    expect(source).not.toContain('.map"');
    expect(await builtWorker(['index.html', 'assets/index-Xyz.js'])).not.toBe(source);
  });

  it("answers a browse page load from the plain index.html and keeps storing that, never the page's own HTML", async () => {
    const network = { online: true };
    const worker = startWorker(await builtWorker(['index.html', 'assets/index-Abc.js']), network);
    await worker.dispatch('install');
    expect(await worker.storedShell()).toBe(PLAIN_PAGE);

    worker.fetched.length = 0;
    const answer = await worker.navigate('/category/all?search=drill');
    expect(await answer!.text()).toBe(PLAIN_PAGE);
    // Refreshed from its own address, not from the browse page (with its data and photo preloads).
    expect(worker.fetched).toEqual(['/index.html']);
    const stored = await worker.storedShell();
    expect(stored).toBe(PLAIN_PAGE);
    expect(stored).not.toContain('first-screen');

    network.online = false;
    expect(await (await worker.navigate('/category/all/item/abc'))!.text()).toBe(PLAIN_PAGE);
    expect(await worker.storedShell()).toBe(PLAIN_PAGE);
  });

  it('answers from the network while no shell is stored, and stores the plain page', async () => {
    const worker = startWorker(await builtWorker(['index.html']), { online: true });
    const answer = await worker.navigate('/category/all');
    expect(await answer!.text()).toBe(BROWSE_PAGE);
    expect(await worker.storedShell()).toBe(PLAIN_PAGE);
  });
});
