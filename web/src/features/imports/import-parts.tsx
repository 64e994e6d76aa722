import { useQuery } from '@tanstack/react-query';
import { api, must, type Schemas } from '../../lib/api';
import { useLang } from '../../lib/i18n';
import { formatNumber } from '../../lib/format';
import { refusals } from './refused-csv';
import { useImportText } from './imports.text';
import { useTargetLabel } from './import-targets';
import { importKeys } from './queries';

type Counts = Schemas['ImportJob']['result'];
const KINDS = ['created', 'updated', 'skipped', 'refused'] as const;
const SHOWN = 50;

/** Counts in one line per target ("Companies: 2 created, 1 refused"), for the jobs list. */
export function CountsLine({ counts }: { counts: Counts }) {
  const text = useImportText();
  const targetLabel = useTargetLabel();
  const lang = useLang();
  if (!counts) return null;
  return (
    <>
      {Object.entries(counts).map(([target, c]) => (
        <div key={target}>
          {targetLabel(target)}:{' '}
          {KINDS.filter((k) => c[k] > 0)
            .map((k) => `${text(k)} ${formatNumber(lang, c[k])}`)
            .join(', ') || '0'}
        </div>
      ))}
    </>
  );
}

/** Per target, what the check found or the run did: created, updated, skipped, refused. */
export function CountsTable({ caption, counts }: { caption: string; counts: NonNullable<Counts> }) {
  const text = useImportText();
  const targetLabel = useTargetLabel();
  const lang = useLang();
  return (
    <table className="co-table im-counts">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{text('target')}</th>
          {KINDS.map((k) => (
            <th scope="col" key={k}>
              {text(k)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {Object.entries(counts).map(([target, c]) => (
          <tr key={target}>
            <th scope="row">{targetLabel(target)}</th>
            {KINDS.map((k) => (
              <td key={k} data-label={text(k)}>
                {formatNumber(lang, c[k])}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The refused rows (row, column, value, problem), read from the refused-rows file, with the link to download it. */
export function RefusedRows({ job }: { job: Schemas['ImportJob'] }) {
  const text = useImportText();
  const lang = useLang();
  const q = useQuery({
    queryKey: importKeys.refused(job.id, job.state),
    queryFn: async () => refusals(must(await api.GET('/api/v1/imports/{id}/errors', { params: { path: { id: job.id }, query: { format: 'csv' } }, parseAs: 'text' })) as string),
  });
  const list = q.data ?? [];
  return (
    <div className="co-section">
      <h3>{text('refusedRows')}</h3>
      <p>
        <a href={`/api/v1/imports/${job.id}/errors?format=csv`} download>
          {text('download')}
        </a>
      </p>
      {list.length ? (
        <table className="co-table">
          <caption className="sr-only">{text('refusedRows')}</caption>
          <thead>
            <tr>
              <th scope="col">{text('row')}</th>
              <th scope="col">{text('column')}</th>
              <th scope="col">{text('value')}</th>
              <th scope="col">{text('problem')}</th>
            </tr>
          </thead>
          <tbody>
            {list.slice(0, SHOWN).map((r, i) => (
              <tr key={i}>
                <th scope="row">{formatNumber(lang, r.row)}</th>
                <td data-label={text('column')}>{r.column}</td>
                <td data-label={text('value')}>{r.value}</td>
                <td data-label={text('problem')}>{problem(text, r)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {list.length > SHOWN ? <p className="help">{text('moreRefused', { n: SHOWN })}</p> : null}
    </div>
  );
}

type Text = ReturnType<typeof useImportText>;
/** A known code in the user's language; the service's sentence (English) for the others. */
function problem(text: Text, r: { code: string; message: string }): string {
  const key = `c_${r.code}`;
  return key in useImportText.texts.en ? text(key as Parameters<Text>[0]) : r.message;
}

/** Rows done of the file while a check, run or revert works (a progress bar that says its numbers). */
export function Progress({ job }: { job: Schemas['ImportJob'] }) {
  const text = useImportText();
  const lang = useLang();
  return (
    <div className="im-progress">
      <label htmlFor="import-progress">{text('progress')}</label>
      <progress id="import-progress" max={Math.max(job.total_rows, 1)} value={job.rows_done} />
      <span role="status">{text('rowsDone', { done: formatNumber(lang, job.rows_done), total: formatNumber(lang, job.total_rows) })}</span>
    </div>
  );
}
