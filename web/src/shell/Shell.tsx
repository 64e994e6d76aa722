import { Suspense, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { NavLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { api, must } from '../lib/api';
import { useLang, useT } from '../lib/i18n';
import { MODULES, meKeys, useMe, useModule } from '../lib/session';
import type { NavEntry } from './feature';
import { useSectionTitle } from '../lib/title';
import { Loading } from './States';

/** The layout around every screen; `nav`: the features' navigation entries in their order (main.tsx). */
export function Shell({ nav, children }: { nav: NavEntry[]; children: ReactNode }) {
  const me = useMe();
  const t = useT();
  const lang = useLang();
  const [open, setOpen] = useState(false);
  const items = nav.filter((i) => !i.module || (me.user.modules ?? []).includes(i.module));
  const location = useLocation();
  const section = sectionOf(nav, location.pathname);
  useSectionTitle(section ? section.label[lang] : null);

  return (
    <div className="shell">
      <a className="skip" href="#main">
        {t('app.skip')}
      </a>
      <header className="top">
        <button type="button" className="menu-button" aria-expanded={open} aria-controls="nav" onClick={() => setOpen(!open)}>
          <span aria-hidden="true">☰</span>
          <span className="sr-only">{t('nav.menu')}</span>
        </button>
        <NavLink to="/" className="brand">
          {me.app.logo && /^(https?:|\/|data:image\/)/.test(me.app.logo) ? <img src={me.app.logo} alt="" height={28} /> : null}
          <span>{me.app.name || me.app.company}</span>
        </NavLink>
        <SearchBox />
        <UserMenu />
      </header>
      <div className="body">
        <nav id="nav" className={open ? 'nav open' : 'nav'} aria-label={t('nav.main')} onClick={() => setOpen(false)}>
          <ul>
            {items.map((i) => (
              <li key={i.to}>
                <NavLink to={i.to} end={i.to === '/'}>
                  {i.label[lang]}
                </NavLink>
              </li>
            ))}
            <li>
              <a href="/settings">{t('nav.settings')}</a>
            </li>
          </ul>
        </nav>
        {/* The boundary stays while `main` is new for every path: a move to another screen is a transition
            (React Router's), so the screen shown stays until the next one's code has loaded, instead of a
            "Loading…" of at least 300 ms (React keeps a fallback that long once shown) on every move. */}
        <Suspense
          fallback={
            <main id="main" tabIndex={-1}>
              <Loading />
            </main>
          }
        >
          <main id="main" tabIndex={-1} key={location.pathname}>
            {children}
          </main>
        </Suspense>
      </div>
    </div>
  );
}

/** The navigation entry a path belongs to (`/companies/12` → Companies); `/` only for the home page itself. */
function sectionOf(nav: NavEntry[], pathname: string): NavEntry | undefined {
  if (pathname === '/') return nav.find((i) => i.to === '/');
  return nav.filter((i) => i.to !== '/' && (pathname === i.to || pathname.startsWith(`${i.to}/`))).sort((a, b) => b.to.length - a.to.length)[0];
}

function SearchBox() {
  const t = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  // the box shows the global search's words on /search only (a list's own `q` is the list's)
  const current = pathname === '/search' ? (params.get('q') ?? '') : '';
  const [q, setQ] = useState(current);
  useEffect(() => setQ(current), [current]);
  function submit(e: FormEvent) {
    e.preventDefault();
    if (q.trim()) navigate(`/search?q=${encodeURIComponent(q.trim())}`);
  }
  return (
    <form role="search" className="search" onSubmit={submit}>
      <label className="sr-only" htmlFor="global-search">
        {t('search.label')}
      </label>
      <input id="global-search" type="search" placeholder={t('search.placeholder')} value={q} onChange={(e) => setQ(e.target.value)} />
    </form>
  );
}

function UserMenu() {
  const me = useMe();
  const t = useT();
  const qc = useQueryClient();
  const email = useModule(MODULES.email);
  async function signOut() {
    await api.DELETE('/api/v1/session');
    qc.clear();
    window.location.assign('/');
  }
  return (
    <details className="user-menu">
      <summary>
        <span className="sr-only">{t('user.menu')}: </span>
        <span className="avatar" aria-hidden="true">
          {initials(me.user.full_name || me.user.username)}
        </span>
        <span className="user-name">{me.user.full_name || me.user.username}</span>
      </summary>
      <ul>
        <li>
          <LanguageChoice />
        </li>
        {email ? (
          <li>
            {/* an in-app link: the menu closes itself, as a page load would close it */}
            <NavLink to="/mail/settings" onClick={(e) => e.currentTarget.closest('details')?.removeAttribute('open')}>
              {t('user.mailbox')}
            </NavLink>
          </li>
        ) : null}
        <li>
          <a href="/settings/sessions">{t('user.sessions')}</a>
        </li>
        <li>
          <a href="/settings">{t('nav.settings')}</a>
        </li>
        <li>
          <button type="button" onClick={() => void signOut()}>
            {t('user.signOut')}
          </button>
        </li>
      </ul>
    </details>
  );
}

/** The user's language (PATCH /api/v1/me); the app re-reads `me` and speaks it at once. */
function LanguageChoice() {
  const me = useMe();
  const t = useT();
  const qc = useQueryClient();
  async function choose(locale: 'en' | 'tr') {
    must(await api.PATCH('/api/v1/me', { body: { locale } }));
    await qc.invalidateQueries({ queryKey: meKeys.all });
  }
  return (
    <label className="language">
      {t('user.language')}
      <select value={me.locale} onChange={(e) => void choose(e.target.value as 'en' | 'tr')}>
        <option value="en" lang="en">
          English
        </option>
        <option value="tr" lang="tr">
          Türkçe
        </option>
      </select>
    </label>
  );
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');
}
