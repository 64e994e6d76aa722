import { chrome, pages, SETTINGS_TEXT, SettingsText, SettingsViews } from './pages';
import type { UserContext } from '../../domain/identity/auth-context';

/** Every settings template compiles, renders in the shared layout and escapes what it is given. */
const X = `<i>"x'&</i>`;
const ESCAPED = '&lt;i&gt;&quot;x&#39;&amp;&lt;/i&gt;';
const auth = (role: 'admin' | 'sales') => ({ user: { role } }) as unknown as UserContext;
const c = chrome(auth('admin'), '/settings/developers', X, 'en');

const samples: { [K in keyof SettingsViews]: SettingsViews[K] } = {
  signin: { heading: X, action: '/settings/signin', csrf: X, returnTo: X, username: X, pending: X, error: X, workspaceName: X, app: { name: X, unverifiedDomain: X } },
  overview: { chrome: c, userName: X, admin: true, mailbox: true, mine: [{ href: '/settings/developers', label: X, about: X }], workspace: [{ href: '/settings/apps', label: X, about: X }] },
  error: { chrome: c, title: X, message: X },
  signedOut: {},
};

/** The template words of the English dictionary that Turkish words differently (the ones a Turkish page must not show). */
const englishOnly = (Object.keys(SETTINGS_TEXT.en) as (keyof SettingsText)[])
  .map((k) => [SETTINGS_TEXT.en[k], SETTINGS_TEXT.tr[k]])
  .filter((p): p is [string, string] => typeof p[0] === 'string' && p[0] !== p[1] && p[0].length > 3)
  .map(([en]) => en);

describe('settings templates', () => {
  const names = Object.keys(samples) as (keyof SettingsViews)[];
  it.each(names.flatMap((n) => [[n, 'en'] as const, [n, 'tr'] as const]))('%s renders escaped in the layout (%s)', (name, lang) => {
    const sample = 'chrome' in samples[name] ? { ...samples[name], chrome: chrome(auth('admin'), '/settings/developers', X, lang) } : samples[name];
    const { html, status } = pages.render(lang, name, sample as never, 201);
    expect(status).toBe(201);
    expect(html).not.toMatch(/undefined|\[object|=>/);
    if (lang === 'tr') for (const en of englishOnly) expect(html).not.toContain(`>${en}<`);
    expect(html.startsWith(`<!doctype html><html lang="${lang}">`)).toBe(true);
    expect(html.endsWith('</main></body></html>\n')).toBe(true);
    expect(html).not.toContain('<i>');
    if (name !== 'signedOut') expect(html).toContain(ESCAPED);
    expect(html).not.toMatch(/<script/i);
  });

  it('shows the admin pages in the navigation to admins only and marks the current page', () => {
    const admin = chrome(auth('admin'), '/settings/apps/3/deliveries', 't', 'en');
    expect(admin.nav!.filter((l) => l.current).map((l) => l.href)).toEqual(['/settings/apps']);
    expect(chrome(auth('sales'), '/settings/sessions', 't', 'en').nav!.map((l) => l.label)).toEqual(['Overview', 'Connections', 'Developers', 'Sessions']);
    expect(chrome(auth('sales'), '/settings/sessions', 't', 'tr').nav!.map((l) => l.label)).toEqual(['Genel bakış', 'Bağlantılar', 'Geliştiriciler', 'Oturumlar']);
    expect(chrome(auth('sales'), '/settings', 't', 'en').nav!.filter((l) => l.current).map((l) => l.href)).toEqual(['/settings']);
  });
});
