import { Link } from 'react-router';
import { useMayImport } from '../../lib/session';
import { useImportText } from './imports.text';

/** "Import" beside a list's actions, for those who may import (admins and the `import` permission). */
export function ImportLink() {
  const text = useImportText();
  return useMayImport() ? (
    <Link to="/imports" className="button">
      {text('imports')}
    </Link>
  ) : null;
}
