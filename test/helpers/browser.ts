import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';

/**
 * A real headless Chromium (Debian's /usr/bin/chromium, driven by playwright-core) for the server-rendered
 * pages: one browser per test file, a fresh context (cookies, storage) per test. CI installs chromium
 * (.ci/run); a missing binary fails the suite rather than skipping it.
 */
export const CHROMIUM_PATH = '/usr/bin/chromium';
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
/** Per action and navigation: generous, the suite runs on a loaded 2-core machine. */
const ACTION_TIMEOUT_MS = 60_000;

export interface Chromium {
  /** A fresh context (own cookies) and a page in it; closed after the test. */
  page(opts?: BrowserContextOptions): Promise<Page>;
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
    throw new Error(`Browser tests need Chromium at ${CHROMIUM_PATH} (Debian package "chromium"; .ci/run installs it with apt).`);
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

/** Registers beforeAll/afterEach/afterAll hooks of the calling test file and returns the browser handle. */
export function useChromium(): Chromium {
  let browser: Browser | undefined;
  const open: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await sharedBrowser();
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((c) => c.close()));
  });
  afterAll(async () => {
    // contexts a test left open are closed above; the browser stays for the group's next file
    await Promise.all(open.splice(0).map((c) => c.close()));
    browser = undefined;
    if (!grouped) await closeSharedChromium();
  });
  const context = async (opts: BrowserContextOptions = {}): Promise<BrowserContext> => {
    if (!browser) throw new Error('useChromium: the browser is not launched (call it at the top level of the test file)');
    const c = await browser.newContext(opts);
    c.setDefaultTimeout(ACTION_TIMEOUT_MS);
    c.setDefaultNavigationTimeout(ACTION_TIMEOUT_MS);
    open.push(c);
    return c;
  };
  return { context, page: async (opts) => (await context(opts)).newPage() };
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
