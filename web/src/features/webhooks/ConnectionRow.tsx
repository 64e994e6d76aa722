import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { api, must } from '../../lib/api';
import { useLang } from '../../lib/i18n';
import { formatTimestamp } from '../../lib/format';
import { FormError } from '../../shell/forms';
import { AskButton } from '../settings';
import { isSigned } from './kinds';
import { kindName, useAppsText } from './apps.text';
import { refusedFields } from './form-state';
import { useWebhooksWritten, type Webhook } from './queries';

/** What the screen says after a change: a notice, and a key shown this once. */
export interface Said {
  note?: string;
  secret?: { label: string; key: string };
}

/** A filter in words: its "all of"/"any of" and its conditions as the API writes them. */
function filterWords(text: ReturnType<typeof useAppsText>, f: NonNullable<Webhook['filter']>): string {
  return `${text(f.match)}: ${f.conditions.map((c) => `${c.field} ${c.op} ${JSON.stringify(c.value)}`).join(', ')}`;
}

/** One connection with its actions (test, edit, pause/resume, rotate, delivery log, delete, send again). */
export function ConnectionRow({ c, say }: { c: Webhook; say: (s: Said) => void }) {
  const text = useAppsText();
  const lang = useLang();
  const written = useWebhooksWritten();
  const id = `conn-${c.id}`;
  const path = { params: { path: { id: c.id } } };
  const act = useMutation({
    mutationFn: async (what: 'test' | 'pause' | 'resume' | 'rotate' | 'delete' | 'failed'): Promise<Said> => {
      if (what === 'test') return must(await api.POST('/api/v1/webhooks/{id}/test', path)), { note: text('testQueued') };
      if (what === 'pause' || what === 'resume') {
        must(await api.PATCH('/api/v1/webhooks/{id}', { ...path, body: { active: what === 'resume' } }));
        return { note: text(what === 'pause' ? 'pausedNote' : 'resumed') };
      }
      if (what === 'delete') return must(await api.DELETE('/api/v1/webhooks/{id}', path)), { note: text('deleted') };
      if (what === 'failed') return replayed(text, must(await api.POST('/api/v1/webhooks/{id}/replay', { ...path, body: { only_failed: true } })).queued);
      const w = must(await api.POST('/api/v1/webhooks/{id}/rotate', path)).webhook;
      return { secret: { label: text('newSigningKeyOf', { url: w.url }), key: w.signing_key ?? '' } };
    },
    onSuccess: (s) => (written(), say(s)),
  });
  const r = c.last_result;
  const latest = r ? `${text(r.ok ? 'ok' : 'failed')} ${r.status ?? ''} ${r.event ?? ''} ${formatTimestamp(lang, r.at)}${r.error ? ` — ${r.error}` : ''}` : '—';
  return (
    <tr>
      <th scope="row" className="wh-wrap" id={id}>
        {c.url}
      </th>
      <td data-label={text('colKind')}>{kindName(text, c.kind)}</td>
      <td data-label={text('colEvents')}>
        {c.events.join(', ')}
        {c.filter ? <div className="help">{`${text('filterLabel')} ${filterWords(text, c.filter)}`}</div> : null}
      </td>
      <td data-label={text('colActive')}>{c.active ? text('yes') : text('paused')}</td>
      <td className="wh-wrap" data-label={text('colLatest')}>
        {latest}
      </td>
      <td className="wh-row-actions">
        <FormError error={act.error} />
        <div className="co-actions wh-actions">
          <button type="button" aria-describedby={id} disabled={act.isPending} onClick={() => act.mutate('test')}>
            {text('test')}
          </button>
          <Link to={`/settings/apps/${c.id}/edit`} aria-describedby={id}>
            {text('edit')}
          </Link>
          <button type="button" aria-describedby={id} disabled={act.isPending} onClick={() => act.mutate(c.active ? 'pause' : 'resume')}>
            {c.active ? text('pause') : text('resume')}
          </button>
          {isSigned(c.kind) ? <AskButton label={text('rotateKey')} question={text('askRotate', { url: c.url })} yes={text('yesRotate')} busy={act.isPending} onConfirm={() => act.mutate('rotate')} /> : null}
          <Link to={`/settings/apps/${c.id}/deliveries`} aria-describedby={id}>
            {text('deliveryLog')}
          </Link>
          <AskButton label={text('delete')} accessible={text('deleteOf', { url: c.url })} question={text('askDelete', { url: c.url })} yes={text('yesDelete')} busy={act.isPending} danger onConfirm={() => act.mutate('delete')} />
        </div>
        <ReplaySince c={c} say={say} />
        <button type="button" aria-describedby={id} disabled={act.isPending} onClick={() => act.mutate('failed')}>
          {text('replayFailed')}
        </button>
      </td>
    </tr>
  );
}

const replayed = (text: ReturnType<typeof useAppsText>, n: number): Said => ({ note: n === 1 ? text('replayedOne') : n ? text('replayed', { n }) : text('nothingReplayed') });

/** "Send again everything since …" (a datetime-local: the workspace's local time, as the API reads it). */
function ReplaySince({ c, say }: { c: Webhook; say: (s: Said) => void }) {
  const text = useAppsText();
  const written = useWebhooksWritten();
  const fid = useId();
  const [since, setSince] = useState('');
  const replay = useMutation({
    mutationFn: async () => must(await api.POST('/api/v1/webhooks/{id}/replay', { params: { path: { id: c.id } }, body: { since: since.length === 16 ? `${since}:00` : since, only_failed: false } })).queued,
    onSuccess: (n) => (written(), setSince(''), say(replayed(text, n))),
  });
  const refused = refusedFields(replay.error, text);
  const send = (e: FormEvent) => (e.preventDefault(), replay.mutate());
  return (
    <form className="co-actions wh-actions" onSubmit={send}>
      <label htmlFor={fid}>{text('replaySince')}</label>
      <input id={fid} type="datetime-local" required value={since} aria-describedby={`conn-${c.id}`} onChange={(e) => setSince(e.target.value)} />
      <button type="submit" aria-describedby={`conn-${c.id}`} disabled={replay.isPending}>
        {text('sendAgain')}
      </button>
      {refused ? (
        <p className="error" role="alert">
          {text('invalid', refused)}
        </p>
      ) : (
        <FormError error={replay.error} />
      )}
    </form>
  );
}
