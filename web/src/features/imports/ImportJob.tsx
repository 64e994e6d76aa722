import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, must, type Schemas } from '../../lib/api';
import { useMayImport } from '../../lib/session';
import { FormError } from '../../shell/forms';
import { Loaded } from '../../shell/States';
import { CountsTable, Progress, RefusedRows } from './import-parts';
import { ImportMapping } from './ImportMapping';
import { useImportText } from './imports.text';
import '../../shell/screens.css';
import './imports.css';
import { importKeys } from './queries';

type Job = Schemas['ImportJob'];
/** States in which the worker is at the job: the page reads it again until it is done. */
const WORKING = new Set<Job['state']>(['validating', 'running', 'reverting']);
const MAPPABLE = new Set<Job['state']>(['uploaded', 'mapped', 'validated']);
const FINISHED = new Set<Job['state']>(['completed', 'failed', 'cancelled']);

/** One import job through its steps: mapping and check, run with progress, result and revert. */
export default function ImportJob() {
  const text = useImportText();
  const id = Number(useParams().id);
  const allowed = useMayImport();
  const q = useQuery({
    queryKey: importKeys.job(id),
    queryFn: async () => must(await api.GET('/api/v1/imports/{id}', { params: { path: { id } } })).import,
    enabled: allowed && Number.isInteger(id),
    refetchInterval: (query) => (query.state.data && WORKING.has(query.state.data.state) ? 700 : false),
  });
  return (
    <section className="co-page im-page">
      <p>
        <Link to="/imports">{text('back')}</Link>
      </p>
      {!allowed ? <p className="panel">{text('notAllowed')}</p> : <Loaded q={q}>{(job) => <JobSteps job={job} />}</Loaded>}
    </section>
  );
}

function JobSteps({ job }: { job: Job }) {
  const text = useImportText();
  const qc = useQueryClient();
  const set = (r: { import: Job }) => qc.setQueryData(importKeys.job(job.id), r.import);
  const path = { params: { path: { id: job.id } } };
  const run = useMutation({ mutationFn: async () => must(await api.POST('/api/v1/imports/{id}/run', path)), onSuccess: set });
  const cancel = useMutation({ mutationFn: async () => must(await api.POST('/api/v1/imports/{id}/cancel', path)), onSuccess: set });
  const revert = useMutation({ mutationFn: async () => must(await api.POST('/api/v1/imports/{id}/revert', path)), onSuccess: set });
  const refused = (c: Job['result']) => Object.values(c ?? {}).some((x) => x.refused > 0);
  return (
    <>
      <div className="co-head">
        <h1>
          {job.file_name} <span className="co-badge">{text(`s_${job.state}`)}</span>
        </h1>
      </div>
      {MAPPABLE.has(job.state) ? <ImportMapping job={job} onSaved={set} /> : null}
      {WORKING.has(job.state) ? (
        <div className="panel">
          <Progress job={job} />
          {job.state === 'running' ? (
            <button type="button" onClick={() => cancel.mutate()} disabled={cancel.isPending}>
              {text('cancel')}
            </button>
          ) : null}
        </div>
      ) : null}
      {job.state === 'validated' && job.validation ? (
        <div className="panel im-step">
          <CountsTable caption={text('wouldBe')} counts={job.validation} />
          {refused(job.validation) ? <RefusedRows job={job} /> : null}
          <div className="co-actions">
            <button type="button" className="primary" onClick={() => run.mutate()} disabled={run.isPending}>
              {text('run')}
            </button>
          </div>
        </div>
      ) : null}
      {job.result && !MAPPABLE.has(job.state) ? (
        <div className="panel im-step">
          <CountsTable caption={text('result')} counts={job.result} />
          {job.state === 'failed' && job.error ? <p className="error">{text('failed', { error: job.error })}</p> : null}
          {refused(job.result) ? <RefusedRows job={job} /> : null}
          {FINISHED.has(job.state) ? <RevertButton pending={revert.isPending} onRevert={() => revert.mutate()} /> : null}
        </div>
      ) : null}
      {job.revert ? (
        <p className="panel" role="status">
          {text('reverted', { deleted: job.revert.deleted, restored: job.revert.restored, kept: job.revert.kept_count })}
        </p>
      ) : null}
      <FormError error={run.error ?? cancel.error ?? revert.error} />
    </>
  );
}

/** Revert asks once: it deletes what the import created. */
function RevertButton({ pending, onRevert }: { pending: boolean; onRevert: () => void }) {
  const text = useImportText();
  const [sure, setSure] = useState(false);
  if (!sure)
    return (
      <div className="co-actions">
        <button type="button" onClick={() => setSure(true)}>
          {text('revert')}
        </button>
      </div>
    );
  return (
    <div className="co-confirm" role="group" aria-label={text('revert')}>
      <p>{text('revertSure')}</p>
      <div className="co-actions">
        <button type="button" className="danger" onClick={onRevert} disabled={pending} autoFocus>
          {text('revertYes')}
        </button>
        <button type="button" onClick={() => setSure(false)}>
          {text('keep')}
        </button>
      </div>
    </div>
  );
}
