import { chrome, pages, SettingsViews } from './pages';
import type { UserContext } from '../../domain/identity/auth-context';

/** Every settings template compiles, renders in the shared layout and escapes what it is given. */
const X = `<i>"x'&</i>`;
const ESCAPED = '&lt;i&gt;&quot;x&#39;&amp;&lt;/i&gt;';
const auth = (role: 'admin' | 'sales') => ({ user: { role } }) as unknown as UserContext;
const c = chrome(auth('admin'), '/settings/developers', X);
const rk = [{ kind: 'asana' as const, label: X, fields: [{ name: X, id: X, label: X, hint: X, required: true }] }];
const row = { id: 7, name: X, prefix: X, created: X, lastUsed: X, current: false };

const samples: { [K in keyof SettingsViews]: SettingsViews[K] } = {
  signin: { heading: X, action: '/settings/signin', csrf: X, returnTo: X, username: X, pending: X, error: X, workspaceName: X, app: { name: X, unverifiedDomain: X } },
  overview: { chrome: c, userName: X, admin: true, mailbox: true, mine: [{ href: '/settings/developers', label: X, about: X }], workspace: [{ href: '/settings/apps', label: X, about: X }] },
  connections: { chrome: c, csrf: X, userName: X, intro: X, notice: X, secret: { label: X, key: X }, items: [{ key: 'app-1', path: '/settings/connections/app/1', kind: X, name: X, owner: X, created: X, lastUsed: X, requests: 3, errors: 1, scopes: X, state: 'failing', revoke: true, rotate: true }] },
  developers: { chrome: c, csrf: X, apiBase: X, secret: { label: X, key: X, after: X }, keys: [row], name: X, max: 50, error: X },
  sessions: { chrome: c, csrf: X, items: [row, { ...row, id: 8, current: true }], others: true, notice: X },
  'connection-fields': { form: { url: X, kind: X, events: [X], filter: X, record: { [X]: X } }, events: [X], kinds: [{ value: X, label: X }], filterExample: X, recordKinds: rk, withUrl: true },
  apps: { chrome: c, csrf: X, secret: { label: X, key: X }, items: [{ id: 1, url: X, kind: X, signed: true, events: X, filter: X, active: true, latest: X }], events: [X], kinds: [{ value: X, label: X }], form: { url: X, kind: X, events: [X], filter: X, record: {} }, filterExample: X, error: X, recordKinds: rk, withUrl: true },
  appEdit: { chrome: c, csrf: X, id: 3, kind: X, form: { url: X, kind: X, events: [], filter: X, record: { [X]: X } }, events: [X], filterExample: X, error: X, recordKinds: rk, withUrl: false, signed: false },
  deliveries: { chrome: c, csrf: X, url: X, connectionId: 1, items: [{ id: 2, created: X, event: X, status: X, ok: true, http: X, error: X, ms: X }] },
  scim: { chrome: c, csrf: X, secret: { label: X, key: X }, notice: X, baseUrl: X, key: { prefix: X, created: X, lastUsed: X }, operations: [{ at: X, action: X, subject: X }] },
  erp: { chrome: c, csrf: X, secret: { label: X, key: X }, baseUrl: X, keys: [{ prefix: X, created: X, lastUsed: X }], counts: { waiting: 1 }, lastPoll: X, heartbeat: { claimed: 1, reported: 1, oldest: X, stalledSince: X }, errors: [{ at: X, orderId: X, state: X, attempts: 1, error: X }], deadLetters: [{ id: 4, ref: X, at: X, reason: X, attempts: 1, error: X }], deadTotal: 1 },
  confirm: { chrome: c, csrf: X, title: X, question: X, label: X, action: X, back: X },
  error: { chrome: c, title: X, message: X },
  signedOut: {},
};

describe('settings templates', () => {
  it.each(Object.keys(samples) as (keyof SettingsViews)[])('%s renders escaped in the layout', (name) => {
    const { html, status } = pages.render(name, samples[name] as never, 201);
    expect(status).toBe(201);
    if (name !== 'connection-fields') {
      expect(html.startsWith('<!doctype html><html lang="en">')).toBe(true);
      expect(html.endsWith('</main></body></html>\n')).toBe(true);
    }
    expect(html).not.toContain('<i>');
    if (name !== 'signedOut') expect(html).toContain(ESCAPED);
    expect(html).not.toMatch(/<script/i);
  });

  it('shows the admin pages in the navigation to admins only and marks the current page', () => {
    const admin = chrome(auth('admin'), '/settings/apps/3/deliveries', 't');
    expect(admin.nav!.filter((l) => l.current).map((l) => l.href)).toEqual(['/settings/apps']);
    expect(chrome(auth('sales'), '/settings/sessions', 't').nav!.map((l) => l.label)).toEqual(['Overview', 'Connections', 'Developers', 'Sessions']);
    expect(chrome(auth('sales'), '/settings', 't').nav!.filter((l) => l.current).map((l) => l.href)).toEqual(['/settings']);
  });
});
