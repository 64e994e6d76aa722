import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { api, must, type Schemas } from '../../lib/api';
import { FormError } from '../../shell/forms';
import { useTargets } from './import-targets';
import { useImportText } from './imports.text';

type Job = Schemas['ImportJob'];
type Mode = NonNullable<Job['mode']>;
const MODES: Mode[] = ['create', 'upsert', 'update', 'skip'];

/** The fields to start from: the job's own mapping, else the one remembered for these headers, else the suggestions. */
function initial(job: Job, target: string): (string | null)[] {
  if (job.target === target && job.columns.some((c) => c.field)) return job.columns.map((c) => c.field);
  const r = job.remembered_mapping;
  if (r && r.target === target && r.fields.length === job.columns.length) return r.fields;
  return job.columns.map((c) => c.suggested[target] ?? null);
}

/** The mapping step: target, mode, match key, and per column its header, samples and field; "Check" saves and dry-runs. */
export function ImportMapping({ job, onSaved }: { job: Job; onSaved: (r: { import: Job }) => void }) {
  const text = useImportText();
  const targets = useTargets();
  const start = job.target ?? job.remembered_mapping?.target ?? 'companies';
  const [target, setTarget] = useState<string>(start);
  const [mode, setMode] = useState<Mode>(job.mode ?? job.remembered_mapping?.mode ?? 'create');
  const choice = targets.find((t) => t.value === target) ?? targets[0]!;
  const [matchKey, setMatchKey] = useState<string>(job.match_key ?? choice.matchKeys[0]!.key);
  const [fields, setFields] = useState<(string | null)[]>(() => initial(job, start));
  const check = useMutation({
    mutationFn: async () => {
      const path = { params: { path: { id: job.id } } };
      must(await api.PUT('/api/v1/imports/{id}/mapping', { ...path, body: { target, mode, match_key: matchKey, fields } }));
      return must(await api.POST('/api/v1/imports/{id}/validate', path));
    },
    onSuccess: onSaved,
  });
  function chooseTarget(t: string) {
    setTarget(t);
    setMatchKey(targets.find((x) => x.value === t)?.matchKeys[0]?.key ?? 'id');
    setFields(initial(job, t));
  }
  function submit(e: FormEvent) {
    e.preventDefault();
    check.mutate();
  }
  return (
    <form className="co-form panel im-step" onSubmit={submit}>
      <div className="co-grid">
        <label className="co-field">
          {text('target')}
          <select value={target} onChange={(e) => chooseTarget(e.target.value)}>
            {targets.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </select>
        </label>
        <label className="co-field">
          {text('mode')}
          <select value={mode} onChange={(e) => setMode(e.target.value as Mode)}>
            {MODES.map((m) => (
              <option key={m} value={m}>
                {text(m)}
              </option>
            ))}
          </select>
        </label>
        <label className="co-field">
          {text('matchKey')}
          <select value={matchKey} onChange={(e) => setMatchKey(e.target.value)}>
            {choice.matchKeys.map((k) => (
              <option key={k.key} value={k.key}>
                {k.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      <table className="co-table im-mapping">
        <caption>{text('mapping')}</caption>
        <thead>
          <tr>
            <th scope="col">{text('column')}</th>
            <th scope="col">{text('samples')}</th>
            <th scope="col">{text('field')}</th>
          </tr>
        </thead>
        <tbody>
          {job.columns.map((c, i) => (
            <tr key={i}>
              <th scope="row">{c.header}</th>
              <td data-label={text('samples')} className="im-samples">
                {c.samples.slice(0, 3).join(' · ')}
              </td>
              <td data-label={text('field')}>
                <select aria-label={`${text('field')}: ${c.header}`} value={fields[i] ?? ''} onChange={(e) => setFields(fields.map((f, j) => (j === i ? e.target.value || null : f)))}>
                  <option value="">{text('leaveOut')}</option>
                  {choice.fields.map((f) => (
                    <option key={f.field} value={f.field}>
                      {f.label}
                    </option>
                  ))}
                </select>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="help">{text('checkHelp')}</p>
      <FormError error={check.error} />
      <div className="co-actions">
        <button type="submit" className={job.state === 'validated' ? undefined : 'primary'} disabled={check.isPending}>
          {check.isPending ? text('checking') : text('check')}
        </button>
      </div>
    </form>
  );
}
