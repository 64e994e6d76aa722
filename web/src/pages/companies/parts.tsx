import { useId, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiFailure } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { useCompanyText } from './companies.text';

/** The list filters kept in the address's query (so a filtered list is a link, and Back restores it). */
export function useUrlFilters<K extends string>(keys: readonly K[]) {
  const [params, setParams] = useSearchParams();
  // The router applies a search-param change in a transition, so a controlled checkbox bound to the URL would
  // spring back until that transition commits. What the user just set shows at once, until the URL has it.
  const [pending, setPending] = useState<{ at: string; patch: Partial<Record<K, string>> } | null>(null);
  const at = params.toString();
  const overlay: Partial<Record<K, string>> = pending?.at === at ? pending.patch : {};
  const values = Object.fromEntries(keys.map((k) => [k, overlay[k] ?? params.get(k) ?? ''])) as Record<K, string>;
  const set = (patch: Partial<Record<K, string>>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch) as [K, string][]) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setPending({ at, patch: { ...overlay, ...patch } });
    setParams(next, { replace: true });
  };
  return { values, set, clear: () => setParams(new URLSearchParams(), { replace: true }) };
}

/** A 400 `invalid` answer's messages by field (the API writes `field: message; field: message`). */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiFailure) || error.status !== 400) return {};
  const fields = Array.isArray(error.body.fields) ? (error.body.fields as string[]) : [];
  const out: Record<string, string> = {};
  for (const part of (error.body.message ?? '').split('; ')) {
    const i = part.indexOf(': ');
    if (i > 0 && fields.includes(part.slice(0, i))) out[part.slice(0, i)] ??= part.slice(i + 2);
  }
  for (const f of fields) out[f] ??= error.body.message ?? 'invalid';
  return out;
}

/** A labelled form control with its API error message tied to it (aria-describedby). */
export function Field({ label, error, required, children }: { label: string; error?: string; required?: boolean; children: (props: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string; required?: boolean }) => ReactNode }) {
  const id = useId();
  const errId = `${id}-err`;
  const text = useCompanyText();
  return (
    <div className="co-field">
      <label htmlFor={id}>
        {label}
        {required ? <span className="help"> ({text('required')})</span> : null}
      </label>
      {children({ id, ...(error ? { 'aria-invalid': true as const, 'aria-describedby': errId } : {}), required })}
      {error ? (
        <p className="error co-field-error" id={errId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The 409 `duplicate` answer as a choice: open the existing record, or create anyway. */
export function DuplicateChoice({ error, kind, onForce, busy }: { error: unknown; kind: 'companies' | 'people'; onForce: () => void; busy: boolean }) {
  const text = useCompanyText();
  if (!(error instanceof ApiFailure) || error.status !== 409 || error.body.error !== 'duplicate') return null;
  const existing = error.body.existing as { id: number; name: string } | undefined;
  return (
    <div className="co-duplicate" role="alert">
      <p>{existing ? text('duplicate', { name: existing.name }) : text('duplicateHidden')}</p>
      <div className="co-actions">
        {existing ? (
          <Link className="button primary" to={`/${kind}/${existing.id}`}>
            {text('openExisting', { name: existing.name })}
          </Link>
        ) : null}
        <button type="button" onClick={onForce} disabled={busy}>
          {text('createAnyway')}
        </button>
      </div>
    </div>
  );
}

/** An error that is neither a field problem nor a duplicate (403, 5xx...). */
export function FormError({ error }: { error: unknown }) {
  const t = useT();
  const text = useCompanyText();
  if (!error) return null;
  if (error instanceof ApiFailure && error.status === 409 && error.body.error === 'duplicate') return null;
  if (error instanceof ApiFailure && error.status === 400) return <p className="error" role="alert">{text('fixFields')}</p>;
  return (
    <p className="error" role="alert">
      {error instanceof Error ? error.message : t('app.error')}
    </p>
  );
}

/** Archive behind an in-place confirmation. */
export function ArchiveButton({ name, onArchive, busy }: { name: string; onArchive: () => void; busy: boolean }) {
  const t = useT();
  const text = useCompanyText();
  const [asking, setAsking] = useState(false);
  if (!asking)
    return (
      <button type="button" onClick={() => setAsking(true)}>
        {t('common.archive')}
      </button>
    );
  return (
    <div className="co-confirm" role="group" aria-label={t('common.archive')}>
      <p>{text('archiveAsk', { name })}</p>
      <div className="co-actions">
        <button type="button" className="danger" autoFocus onClick={onArchive} disabled={busy}>
          {text('archiveYes')}
        </button>
        <button type="button" onClick={() => setAsking(false)}>
          {t('common.cancel')}
        </button>
      </div>
    </div>
  );
}

/** The keyset pager's button. */
export function LoadMore({ q }: { q: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown } }) {
  const t = useT();
  if (!q.hasNextPage) return null;
  return (
    <p className="co-more">
      <button type="button" onClick={() => void q.fetchNextPage()} disabled={q.isFetchingNextPage}>
        {q.isFetchingNextPage ? t('app.loading') : t('common.more')}
      </button>
    </p>
  );
}
