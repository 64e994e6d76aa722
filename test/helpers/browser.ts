import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';

/**
 * A real headless Chromium, driven by playwright-core, for the server-rendered pages and the web app: one browser
 * per test file (or group), a context of its own per test (see useChromium). Debian's headless build of the same
 * release, `chromium-headless-shell` (the headless mode Playwright itself launches): Blink and V8 as in
 * /usr/bin/chromium without the desktop browser's layers, and about half its CPU over the suite's browser files
 * (docs/performance.md, "Test suite"). Where only the `chromium` package is installed the tests run on it, slower.
 * CI installs both (.ci/run); neither installed fails the suite rather than skipping it.
 */
export const CHROMIUM_PATH = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((p) => existsSync(p)) ?? '/usr/bin/chromium-headless-shell';
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
/** Per action and navigation: generous, the suite runs on a loaded 2-core machine. */
const ACTION_TIMEOUT_MS = 60_000;

export interface Chromium {
  /**
   * A page in a context of its own for this test (own cookies and storage); the context is reused, cleared, by
   * later tests of the file that ask with the same options but for `extraHTTPHeaders`, which are this lend's. A test
   * that closes the page ends the lend: the next one gets a new context, renderer and cold cache (about 0.4 s of
   * Chromium's CPU here), so close it only where a cold context is what is tested (web-first-paint).
   */
  page(opts?: BrowserContextOptions): Promise<Page>;
  /** A fresh context, closed after the test. */
  context(opts?: BrowserContextOptions): Promise<BrowserContext>;
}

/**
 * The browser of this jest module registry: launched by the first file that needs it. A file run on its own
 * closes it in its afterAll; inside a group (test/groups/run-group.ts) the files share it and the group
 * closes it after its last file (a launch and close is about 1 s of CPU and 1.5 s of wall on a loaded machine).
 */
let shared: Promise<Browser> | undefined;
let grouped = false;

async function sharedBrowser(): Promise<Browser> {
  if (shared) {
    const b = await shared.catch(() => undefined);
    if (b?.isConnected()) return b;
  }
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error('Browser tests need Chromium: Debian\'s package "chromium-headless-shell" (or "chromium"); .ci/run installs it with apt.');
  }
  shared = chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: ARGS, timeout: 60_000 });
  return shared;
}

/** Closes the shared browser, if any (the group's afterAll; a file's own when it runs alone). */
export async function closeSharedChromium(): Promise<void> {
  const b = await shared?.catch(() => undefined);
  shared = undefined;
  await b?.close();
}

/** Called by run-group before it loads its files: they share one browser, which the group closes. */
export function shareChromiumInGroup(): void {
  grouped = true;
}

/** A context with its one page, lent to one test at a time (useChromium's `page`). */
interface Lent {
  context: BrowserContext;
  page: Page;
  /** Origins the context's pages loaded documents from: their storage is cleared before the next test. */
  origins: Set<string>;
}

/** The storage types `reset` clears in every origin a lent page loaded (CDP Storage.clearDataForOrigin). */
const CLEARED_STORAGE = 'local_storage,session_storage,indexeddb,cache_storage,service_workers,file_systems,websql';

/**
 * Where a lent page waits between tests, given the address it is on: a document without scripts. `useChromium`'s
 * caller may name one of the origin it serves (useWebApp: the app's favicon); anything else waits on about:blank.
 */
export type Park = (url: URL) => string | undefined;

/**
 * Back to a page without scripts, with no cookies and no storage in any origin it visited; false when the page
 * cannot be lent again (closed by the test, crashed, or the reset failed), and then its context is closed.
 */
async function reset(l: Lent, park: Park): Promise<boolean> {
  try {
    if (l.page.isClosed()) throw new Error('closed');
    // the test's own listeners (page.on('request'), dialogs) and routes; the origin tracking is on the context
    l.page.removeAllListeners();
    await l.page.unrouteAll({ behavior: 'ignoreErrors' });
    await l.context.unrouteAll({ behavior: 'ignoreErrors' });
    for (const other of l.context.pages()) if (other !== l.page) await other.close();
    // First leave the page, so that its scripts (timers, pending fetches) stop before its storage is cleared. A page
    // of the app waits on a document of the same origin, which keeps its renderer process for the next test: on
    // about:blank Chromium started a renderer for every test, and with it compiled the app and axe-core again
    // (about a sixth of a browser file's CPU; docs/performance.md, "Test suite").
    const here = l.page.url();
    await l.page.goto((URL.canParse(here) && park(new URL(here))) || 'about:blank', { timeout: 10_000 });
    await l.context.clearCookies();
    await l.context.clearPermissions();
    const cdp = await l.context.newCDPSession(l.page);
    try {
      for (const origin of l.origins) await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: CLEARED_STORAGE });
    } finally {
      await cdp.detach();
    }
    l.origins.clear();
    return true;
  } catch {
    await l.context.close().catch(() => undefined);
    return false;
  }
}

/**
 * Registers beforeAll/afterEach/afterAll hooks of the calling test file and returns the browser handle.
 *
 * `page(opts)` lends a page whose context is reused by the file's later tests that ask with the same options:
 * after each test its pages leave for a document without scripts (`park`, else about:blank) and its cookies and the
 * storage of every origin it loaded are cleared, so a test sees what a fresh context shows, while the HTTP cache (the
 * web app's hashed assets) and, on a parked page, the renderer process stay warm. A fresh context and page cost about
 * 1.5 s of Chromium CPU, a lent one about 0.6 s (docs/performance.md, "Test suite"). `context(opts)` is always a fresh
 * one, closed after the test.
 */
export function useChromium(park: Park = () => undefined): Chromium {
  let browser: Browser | undefined;
  const open: BrowserContext[] = [];
  const idle = new Map<string, Lent[]>();
  const lent: { key: string; l: Lent }[] = [];
  beforeAll(async () => {
    browser = await sharedBrowser();
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((c) => c.close()));
    for (const { key, l } of lent.splice(0)) {
      if (await reset(l, park)) idle.set(key, [...(idle.get(key) ?? []), l]);
    }
  });
  afterAll(async () => {
    // contexts a test left open are closed above; the browser stays for the group's next file
    await Promise.all(open.splice(0).map((c) => c.close()));
    const kept = [...idle.values()].flat().concat(lent.splice(0).map((x) => x.l));
    idle.clear();
    await Promise.all(kept.map((l) => l.context.close().catch(() => undefined)));
    browser = undefined;
    if (!grouped) await closeSharedChromium();
  });
  const newContext = async (opts: BrowserContextOptions): Promise<BrowserContext> => {
    if (!browser) throw new Error('useChromium: the browser is not launched (call it at the top level of the test file)');
    const c = await browser.newContext(opts);
    c.setDefaultTimeout(ACTION_TIMEOUT_MS);
    c.setDefaultNavigationTimeout(ACTION_TIMEOUT_MS);
    return c;
  };
  const context = async (opts: BrowserContextOptions = {}): Promise<BrowserContext> => {
    const c = await newContext(opts);
    open.push(c);
    return c;
  };
  const page = async ({ extraHTTPHeaders, ...opts }: BrowserContextOptions = {}): Promise<Page> => {
    // the headers (a bearer token) are the lend's, not the context's: tests signed in as different users share the
    // contexts of their other options (a new context is a new renderer process too)
    const key = JSON.stringify(opts);
    let l = idle.get(key)?.pop();
    if (!l) {
      const c = await newContext(opts);
      const origins = new Set<string>();
      // every document a page of this context loads (top level or frame, popups too): whose storage to clear
      c.on('request', (r) => {
        if (!r.isNavigationRequest()) return;
        const u = new URL(r.url());
        if (u.protocol === 'http:' || u.protocol === 'https:') origins.add(u.origin);
      });
      l = { context: c, page: await c.newPage(), origins };
    }
    await l.context.setExtraHTTPHeaders(extraHTTPHeaders ?? {});
    lent.push({ key, l });
    return l.page;
  };
  return { context, page };
}

/**
 * The loopback redirect URI of a native OAuth client (RFC 8252): a small HTTP server on 127.0.0.1 that
 * answers "you can close this window" and hands over every request URL it received, in order.
 */
export interface LoopbackCallback {
  /** http://127.0.0.1:<port><path> */
  uri: string;
  /** The next callback request's full URL (waits for it). */
  next(): Promise<URL>;
  close(): Promise<void>;
}

export async function loopbackCallback(path = '/callback'): Promise<LoopbackCallback> {
  const received: URL[] = [];
  const waiting: ((u: URL) => void)[] = [];
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
    res.end('<!doctype html><title>Done</title><p>Signed in. You can close this window.</p>');
    const w = waiting.shift();
    if (w) w(url);
    else received.push(url);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    uri: `http://127.0.0.1:${port}${path}`,
    next: () => {
      const have = received.shift();
      return have ? Promise.resolve(have) : new Promise<URL>((resolve) => waiting.push(resolve));
    },
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve())));
    },
  };
}

/** A page of another origin: a loopback HTTP server answering every request with `html`. */
export async function servePage(html: string): Promise<{ port: number; close(): Promise<void> }> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve())));
    },
  };
}

/**
 * Signs in on the sign-in page the browser is on: username and password, then, when the page asks for it,
 * the 6-digit code (`otp()` is called only then, so a TOTP code is made at the moment it is typed).
 * Labels and button names only (the markup may change).
 */
export async function signInWithPage(page: Page, username: string, password: string, otp?: () => string): Promise<void> {
  await page.getByLabel('Username or e-mail').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  if (!otp) return;
  const code = page.getByLabel('6-digit code');
  await code.waitFor();
  // the code step does not ask for the password again
  if ((await page.getByLabel('Password', { exact: true }).count()) > 0) throw new Error('the code step asks for the password again');
  await code.fill(otp());
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** document.documentElement.scrollWidth <= innerWidth: the page does not scroll sideways. */
export async function horizontalOverflow(page: Page): Promise<{ scrollWidth: number; innerWidth: number }> {
  // a string expression: the test project has no DOM typings
  return page.evaluate('({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth })');
}
