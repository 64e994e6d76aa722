import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { api, must, type Schemas } from '../../lib/api';
import { useLang } from '../../lib/i18n';
import { errorSentence } from '../../lib/errors';
import { formatNumber, formatTimestamp } from '../../lib/format';
import { Loaded } from '../../shell/States';
import { useMayImport } from '../../lib/session';
import { CountsLine } from './import-parts';
import { useTargetLabel } from './import-targets';
import { useImportText } from './imports.text';
import '../../shell/screens.css';
import './imports.css';
import { importKeys } from './queries';

type Job = Schemas['ImportJob'];

/** The import wizard's first screen: upload a file, and the workspace's import jobs (newest first, at most 100). */
export default function Imports() {
  const text = useImportText();
  const allowed = useMayImport();
  const q = useQuery({ queryKey: importKeys.list(), queryFn: async () => must(await api.GET('/api/v1/imports')).items, enabled: allowed });
  return (
    <section className="co-page im-page">
      <div className="co-head">
        <h1>{text('imports')}</h1>
      </div>
      <p className="help">{text('intro')}</p>
      {!allowed ? (
        <p className="panel">{text('notAllowed')}</p>
      ) : (
        <>
          <Upload />
          <h2>{text('jobs')}</h2>
          <Loaded q={q}>{(items) => (items.length ? <JobTable items={items} /> : <p className="panel">{text('none')}</p>)}</Loaded>
        </>
      )}
    </section>
  );
}

/** The file goes up as multipart (the typed client passes FormData through, the browser sets the boundary). */
function Upload() {
  const text = useImportText();
  const lang = useLang();
  const navigate = useNavigate();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!file) return;
    setBusy(true);
    setError('');
    try {
      const form = new FormData();
      form.append('file', file, file.name);
      const r = must(await api.POST('/api/v1/imports', { body: form as unknown as { file: string } }));
      navigate(`/imports/${r.import.id}`);
    } catch (err) {
      setError(errorSentence(lang, err));
      setBusy(false);
    }
  }
  return (
    <form className="co-form panel" onSubmit={(e) => void submit(e)}>
      <h2>{text('upload')}</h2>
      <div className="co-field">
        <label htmlFor="import-file">{text('file')}</label>
        <input id="import-file" type="file" accept=".csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" onChange={(e) => setFile(e.target.files?.[0] ?? null)} required />
      </div>
      {error ? (
        <p className="error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="co-actions">
        <button type="submit" className="primary" disabled={!file || busy}>
          {busy ? text('uploading') : text('uploadButton')}
        </button>
      </div>
    </form>
  );
}

function JobTable({ items }: { items: Job[] }) {
  const text = useImportText();
  const lang = useLang();
  const targetLabel = useTargetLabel();
  return (
    <table className="co-table">
      <caption className="sr-only">{text('jobs')}</caption>
      <thead>
        <tr>
          <th scope="col">{text('fileName')}</th>
          <th scope="col">{text('target')}</th>
          <th scope="col">{text('state')}</th>
          <th scope="col">{text('rows')}</th>
          <th scope="col">{text('counts')}</th>
          <th scope="col">{text('when')}</th>
        </tr>
      </thead>
      <tbody>
        {items.map((j) => (
          <tr key={j.id}>
            <th scope="row">
              <Link to={`/imports/${j.id}`}>{j.file_name}</Link>
            </th>
            <td data-label={text('target')}>{j.target ? targetLabel(j.target) : ''}</td>
            <td data-label={text('state')}>{text(`s_${j.state}`)}</td>
            <td data-label={text('rows')}>{formatNumber(lang, j.total_rows)}</td>
            <td data-label={text('counts')}>
              <CountsLine counts={j.result ?? j.validation} />
            </td>
            <td data-label={text('when')}>{formatTimestamp(lang, j.created_at)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
