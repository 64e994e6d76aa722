import { useState, type ReactNode } from 'react';
import { NavLink } from 'react-router';
import { useT } from '../../lib/i18n';
import { useMe } from '../../lib/session';
import { useDocumentTitle } from '../../lib/title';
import { useAccountText } from './account.text';
import '../../shell/screens.css';
import './settings.css';

type Key = Parameters<ReturnType<typeof useAccountText>>[0];

/**
 * The settings pages, in the order of the server's landing page (/settings): the ones in the app are routes,
 * the others (the landing page, and the pages still served by the service) are page loads.
 */
const PAGES: { to: string; label: Key; admin?: boolean; app: boolean }[] = [
  { to: '/settings', label: 'overview', app: false },
  { to: '/settings/connections', label: 'connections', app: true },
  { to: '/settings/developers', label: 'developers', app: true },
  { to: '/settings/sessions', label: 'sessions', app: true },
  { to: '/settings/apps', label: 'apps', admin: true, app: true },
  { to: '/settings/scim', label: 'scim', admin: true, app: true },
  { to: '/settings/erp', label: 'erp', admin: true, app: true },
  { to: '/settings/users', label: 'users', admin: true, app: true },
  { to: '/settings/targets', label: 'targets', admin: true, app: true },
];

/** A settings screen: the settings navigation (admin pages for admins only), its heading and its content. */
export function SettingsPage({ title, children }: { title: string; children: ReactNode }) {
  const text = useAccountText();
  const admin = useMe().user.role === 'admin';
  useDocumentTitle(title);
  return (
    <section className="st-page">
      <nav aria-label={text('settingsNav')} className="st-nav">
        <ul>
          {PAGES.filter((p) => !p.admin || admin).map((p) => (
            <li key={p.to}>{p.app ? <NavLink to={p.to}>{text(p.label)}</NavLink> : <a href={p.to}>{text(p.label)}</a>}</li>
          ))}
        </ul>
      </nav>
      <h1>{title}</h1>
      {children}
    </section>
  );
}

/** A notice after a change (role=status: read out once). */
export function Notice({ text }: { text: string | null }) {
  return text ? (
    <p className="st-notice" role="status">
      {text}
    </p>
  ) : null;
}

/** A secret shown this once (a new key): copy it, then Done hides it for good (nothing keeps it). */
export function SecretOnce({ label, secret, children, onDone }: { label: string; secret: string; children?: ReactNode; onDone: () => void }) {
  const text = useAccountText();
  const [copied, setCopied] = useState(false);
  const copy = () => void navigator.clipboard?.writeText(secret).then(() => setCopied(true), () => setCopied(false));
  return (
    <div className="panel st-secret" role="status" aria-label={label}>
      <p>{label}</p>
      <p>
        <code data-testid="secret-once">{secret}</code>
      </p>
      {children}
      <div className="co-actions">
        <button type="button" className="primary" onClick={copy}>
          {copied ? text('copied') : text('copy')}
        </button>
        <button type="button" onClick={onDone}>
          {text('done')}
        </button>
      </div>
    </div>
  );
}

/**
 * A destructive action asks first, in place: the button opens the question with the action's own button
 * and Cancel (the server pages' confirm step, without leaving the page).
 */
export function AskButton({ label, accessible, question, yes, onConfirm, busy, danger }: { label: string; accessible?: string; question: string; yes: string; onConfirm: () => void; busy: boolean; danger?: boolean }) {
  const [asking, setAsking] = useState(false);
  const t = useT();
  if (!asking)
    return (
      <button type="button" className={danger ? 'danger' : undefined} aria-label={accessible} onClick={() => setAsking(true)}>
        {label}
      </button>
    );
  return (
    <div className="co-confirm" role="group" aria-label={accessible ?? label}>
      <p>{question}</p>
      <div className="co-actions">
        <button type="button" className="danger" autoFocus disabled={busy} onClick={() => (onConfirm(), setAsking(false))}>
          {yes}
        </button>
        <button type="button" onClick={() => setAsking(false)}>
          {t('common.cancel')}
        </button>
      </div>
    </div>
  );
}
