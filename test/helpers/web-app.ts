import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { useChromium } from './browser';
import { freePort } from './loopback-fetch';
import { screensDir } from './screens-dir';
import { startApp, type StartOptions, type TestApp } from './test-app';

/** The two widths every screen is held to. */
export const WIDTHS = { desktop: { width: 1280, height: 860 }, phone: { width: 390, height: 844 } } as const;
export type Width = keyof typeof WIDTHS;

export interface WebApp {
  t: TestApp;
  /** http://<host>:<port> of a workspace host (`*.localhost` resolves to loopback in Chromium). */
  origin(host: string): string;
  /**
   * A page of a browser signed in with a bearer token sent on every request (for screen tests; the real
   * cookie sign-in has its own test). Unsigned when token is omitted.
   */
  page(opts?: { token?: string; width?: Width; locale?: string } & BrowserContextOptions): Promise<Page>;
}

/**
 * The service listening on a loopback port with the built web app (built by jest's global setup when missing or
 * stale, test/helpers/global-setup.ts), and a Chromium. Registers the file's beforeAll/afterAll hooks.
 */
export function useWebApp(start: StartOptions = {}): WebApp {
  let t: TestApp | undefined;
  let port = 0;
  // between tests a page of the app waits on its favicon: same origin, no scripts, the same renderer process
  const chromium = useChromium((u) => (u.protocol === 'http:' && port > 0 && u.port === String(port) ? `${u.origin}/favicon.svg` : undefined));
  beforeAll(async () => {
    // the links the service hands out carry the configured port (PUBLIC_PORT), never the request's: listen on it
    ({ t, port } = await startOnFreePort((p) => ({ ...start, env: { PUBLIC_PORT: String(p), ...start.env } })));
  });
  afterAll(async () => {
    await t?.close();
  });
  return {
    get t() {
      if (!t) throw new Error('useWebApp: not started');
      return t;
    },
    origin: (host) => `http://${host}:${port}`,
    async page({ token, width = 'desktop', locale = 'en-GB', ...rest } = {}) {
      return chromium.page({
        viewport: WIDTHS[width],
        locale,
        ...(token ? { extraHTTPHeaders: { Authorization: `Bearer ${token}` } } : {}),
        ...rest,
      });
    },
  };
}

/**
 * An app started with options that name its port (PUBLIC_PORT: the links it hands out), listening on that port on
 * loopback. A port found free can be taken before the app listens on it (another worker's server, or an outgoing
 * connection's local port: both come from the same ephemeral range); a taken one is tried again with another.
 */
export async function startOnFreePort(options: (port: number) => StartOptions, ready?: (t: TestApp) => Promise<void>): Promise<{ t: TestApp; port: number }> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const t = await startApp(options(port));
    try {
      await ready?.(t);
      await t.app.listen(port, '127.0.0.1');
      return { t, port };
    } catch (e) {
      await t.close();
      if ((e as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt >= 5) throw e;
    }
  }
}

let axeSource: string | undefined;
const AXE_SOURCE = (): string => (axeSource ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8'));

/**
 * axe-core's serious and critical violations on the page as it is now (rule id and the first targets).
 * Measured (docs/performance.md, "Test suite"): injecting the 650 KB script with Playwright's `page.evaluate`
 * cost Chromium about 3x the CPU of a plain `Runtime.evaluate`, and a run of axe's default rules about 1.4x a
 * run of those among them that can be serious or critical; both are what the suite's ~120 checks a pass add up to.
 */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  // through the DevTools protocol: the page's CSP (no inline scripts) stays on and is not bypassed
  if (!(await page.evaluate('typeof window.axe === "object"'))) {
    const cdp = await page.context().newCDPSession(page);
    try {
      const injected = await cdp.send('Runtime.evaluate', { expression: AXE_SOURCE(), silent: true });
      if (injected.exceptionDetails) throw new Error(`axe-core did not load: ${injected.exceptionDetails.text}`);
    } finally {
      await cdp.detach();
    }
  }
  // The rules axe runs by default (enabled, not tagged experimental or deprecated: axe-core's matchTags) whose
  // impact is serious or critical: axe gives every violation of a rule the rule's impact (_finalizeRuleResult),
  // so the others could only add violations filtered out below. A string, not a function: no DOM types here.
  const result = (await page.evaluate(`(async () => {
    const audit = window.axe._audit;
    const rules = audit.rules
      .filter((r) => r.enabled !== false && !r.tags.some((t) => audit.tagExclude.includes(t)) && (r.impact === 'serious' || r.impact === 'critical'))
      .map((r) => r.id);
    if (rules.length < 40) throw new Error('axe-core: ' + rules.length + ' rules of serious or critical impact; has its rule metadata changed?');
    const r = await window.axe.run(document, { runOnly: { type: 'rule', values: rules }, resultTypes: ['violations'] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
  })()`)) as { id: string; impact: string; targets: string[] }[];
  return result.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.targets.join(', ')}`);
}

/**
 * A screenshot `<name>-<width>.png` in test-output/screens (or SCREENS_DIR), written only with SCREENSHOTS=1:
 * a person looks at them, and a full-page shot of every screen costs each CI run time for nothing.
 */
export async function screenshot(page: Page, name: string, width: Width): Promise<void> {
  if (process.env.SCREENSHOTS !== '1') return;
  await page.screenshot({ path: join(screensDir(), `${name}-${width}.png`), fullPage: true });
}

/** What a person reads in the page's `main`: no bare id ("#8", "Company #9", "C-9") where a name belongs. */
export async function expectNoIds(page: Page): Promise<void> {
  expect(await page.locator('main').innerText()).not.toMatch(/#\d|\b[CPOT]-\d/);
}

/**
 * The text of the page's `main` without what its `code` elements show (a key shown once, key prefixes, URLs): random
 * text may hold any short English word, which a check that the screen speaks one language would take for a leftover.
 */
export async function mainWords(page: Page): Promise<string> {
  let text = await page.locator('main').innerText();
  for (const code of await page.locator('main code').allInnerTexts()) if (code) text = text.split(code).join(' ');
  return text;
}
