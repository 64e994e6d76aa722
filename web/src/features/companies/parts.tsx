import { Link } from 'react-router';
import { ApiFailure } from '../../lib/api';
import { useCompanyText } from './companies.text';

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
