import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, must } from '../lib/api';
import { MODULES, useMe, useModule } from '../lib/session';
import { useLang } from '../lib/i18n';
import { formatDate, formatMoney, formatNumber, formatTimestamp } from '../lib/format';
import { Loaded } from '../shell/States';
import { Fields, RecordHeader, RecordLink } from '../shell/RecordView';
import { CloseDialog, gateProblemsOf, HealthBadge, moveStage, stageLabel, type Opp } from './opportunity-parts';
import { useOppText } from './opportunity.text';
import { LinkedRecordsSections } from './objects/LinkedRecords';
import { AskBox } from './ask/AskBox';
import { OppThreads } from './mail/Threads';

type Step = Opp['steps'][number];

/**
 * The opportunity record (spec 2.6) from one GET: the stage bar with the next stage and its gate, the steps
 * checklist, BANT, health and why, the stage history, notes, tasks, activities, orders and custom records;
 * move forward, close (Win / Lost / Cancel with a reason) and revive a closed one. Every change answers the
 * record, which replaces the cached one (no second read).
 */
export default function OpportunityRecord() {
  const id = Number(useParams().id);
  const q = useQuery({
    queryKey: ['opp', id],
    queryFn: async () => must(await api.GET('/api/v1/opportunities/{id}', { params: { path: { id } } })).opp,
    enabled: Number.isSafeInteger(id),
  });
  return <Loaded q={q}>{(o) => <Record o={o} />}</Loaded>;
}

/** Runs a change that answers the opportunity and puts the answer in the cache; the error message, if any. */
function useChange(id: number) {
  const qc = useQueryClient();
  const [error, setError] = useState<{ where: string; text: string; problems?: string[] } | null>(null);
  const [busy, setBusy] = useState('');
  async function run(where: string, fn: () => Promise<Opp>): Promise<Opp | null> {
    setBusy(where);
    setError(null);
    try {
      const o = await fn();
      qc.setQueryData(['opp', o.id], o);
      void qc.invalidateQueries({ queryKey: ['opps'] });
      return o;
    } catch (err) {
      setError({ where, text: err instanceof Error ? err.message : String(err), problems: gateProblemsOf(err) ?? undefined });
      return null;
    } finally {
      setBusy('');
    }
  }
  return { run, error, busy, id };
}

function Record({ o }: { o: Opp }) {
  const me = useMe();
  const c = me.constants;
  const text = useOppText();
  const lang = useLang();
  const navigate = useNavigate();
  const change = useChange(o.id);
  const [closing, setClosing] = useState(false);
  const [saved, setSaved] = useState('');
  const edit = o.can_edit;
  const visits = useModule(MODULES.activities);
  const email = useModule(MODULES.email);

  return (
    <article className="opp-record">
      <RecordHeader kind={text('opportunity')} rid={o.rid} title={o.name}>
        <p className="record-sub">
          <RecordLink kind="companies" id={o.customer_id}>
            {o.customer}
          </RecordLink>
          {' · '}
          <strong>{formatMoney(lang, o.value, o.currency)}</strong>
          {' · '}
          <span className="stage-pill" style={{ borderColor: c.stage_colors[o.stage] }}>
            {o.stage_label || stageLabel(c, o.stage)}
          </span>
          {' · '}
          <HealthBadge opp={o} />
        </p>
      </RecordHeader>
      <p className="sr-only" role="status" aria-live="polite">
        {saved}
      </p>

      <StageBar o={o} />

      <div className="record-actions">
        {o.is_open && edit && o.next_stage && c.open_stages.includes(o.next_stage) && (
          <button
            type="button"
            className="primary"
            disabled={!!change.busy}
            onClick={async () => {
              const r = await change.run('stage', () => moveStage(o.id, o.next_stage));
              if (r) setSaved(text('moved', { name: r.name, stage: stageLabel(c, r.stage) }));
            }}
          >
            {text('moveNext', { stage: stageLabel(c, o.next_stage) })}
          </button>
        )}
        {o.is_open && visits && (
          <Link className="button" to={`/activities/new?customer_id=${o.customer_id}&opp_id=${o.id}`}>
            {text('logVisit')}
          </Link>
        )}
        {o.is_open && edit && (
          <button type="button" onClick={() => setClosing(true)}>
            {text('close')}
          </button>
        )}
        {o.can_revive && (
          <button
            type="button"
            aria-describedby="revive-help"
            disabled={!!change.busy}
            onClick={async () => {
              const r = await change.run('revive', async () => must(await api.POST('/api/v1/opportunities/{id}/revive', { params: { path: { id: o.id } }, body: {} })).opp);
              if (r) void navigate(`/opportunities/${r.id}`);
            }}
          >
            {text('revive')}
          </button>
        )}
        {email && o.customer_id ? (
          <Link className="button" to={`/mail/compose?customer_id=${o.customer_id}&opp_id=${o.id}`}>
            {text('writeEmail')}
          </Link>
        ) : null}
        {o.can_revive && (
          <span id="revive-help" className="help">
            {text('reviveHelp')}
          </span>
        )}
      </div>
      {change.error && (change.error.where === 'stage' || change.error.where === 'revive') && <ChangeError error={change.error} />}
      {closing && (
        <CloseDialog
          opp={o}
          onDismiss={() => setClosing(false)}
          onClosed={(r) => {
            change.run('close', async () => r);
            setSaved(text('closed', { name: r.name, stage: stageLabel(c, r.stage) }));
            setClosing(false);
          }}
        />
      )}

      <Fields
        items={[
          [text('closedStatus'), o.is_open ? null : `${stageLabel(c, o.stage)}${o.close_reason ? ` (${text('reasonIs', { reason: o.close_reason })})` : ''}`],
          [text('owner'), o.owner?.full_name],
          [text('product'), o.product],
          [text('closeDate'), formatDate(lang, o.close_date)],
          // `prob` is a fraction (0.1 = 10 %), whatever the OpenAPI description says
          [text('probability'), `${formatNumber(lang, o.prob * 100)} %`],
          [text('weighted'), formatMoney(lang, o.weighted, o.base_currency)],
          [text('nextStep'), o.next_step],
          [text('inStage'), o.is_open ? text('daysInStage', { days: o.days_in_stage, sla: o.sla_days }) : null],
          [
            text('revived'),
            o.revived_from_id || o.revived_to_id ? (
              <>
                {o.revived_from_id ? <Link to={`/opportunities/${o.revived_from_id}`}>{text('revivedFrom', { rid: `O-${o.revived_from_id}` })}</Link> : null}
                {o.revived_from_id && o.revived_to_id ? ' · ' : null}
                {o.revived_to_id ? <Link to={`/opportunities/${o.revived_to_id}`}>{text('revivedTo', { rid: `O-${o.revived_to_id}` })}</Link> : null}
              </>
            ) : null,
          ],
        ]}
      />

      <AskBox oppId={o.id} about={o.name} />

      <div className="record-grid">
        <Steps o={o} change={change} onSaved={setSaved} />
        <section aria-labelledby="bant-h" className="panel">
          <h2 id="bant-h">
            {text('bant')} <span className="muted">({text('score', { n: o.bant })})</span>
          </h2>
          <Bant o={o} change={change} />
          <h2 id="health-h">{text('health')}</h2>
          <p>
            <HealthBadge opp={o} /> <span className="muted">{text('score', { n: o.health.score })}</span>
          </p>
          {o.health_note && <p>{o.health_note}</p>}
          {o.health_why.length > 0 && (
            <ul className="why" aria-label={text('why')}>
              {o.health_why.map(([code, why]) => (
                <li key={code}>{why || code}</li>
              ))}
            </ul>
          )}
        </section>
      </div>

      <Notes o={o} change={change} />
      <Logs o={o} />
      {email ? <OppThreads threads={o.threads} /> : null}
      <Related o={o} />
    </article>
  );
}

function ChangeError({ error }: { error: { text: string; problems?: string[] } }) {
  const text = useOppText();
  return (
    <div className="gate-problems" role="alert">
      {error.problems ? (
        <>
          <p>{text('gateMissing')}</p>
          <ul>
            {error.problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </>
      ) : (
        <p>{error.text}</p>
      )}
    </div>
  );
}

/** Every stage in order, the current one marked; the next stage with its gate text and what it still misses. */
function StageBar({ o }: { o: Opp }) {
  const c = useMe().constants;
  const text = useOppText();
  const at = c.stages.indexOf(o.stage);
  return (
    <section className="stage-bar-wrap" aria-labelledby="stages-h">
      <h2 id="stages-h" className="sr-only">
        {text('stageBar')}
      </h2>
      <ol className="stage-bar">
        {c.stages.map((s, i) => (
          <li key={s} className={s === o.stage ? 'current' : i < at && c.open_stages.includes(s) ? 'passed' : ''} aria-current={s === o.stage ? 'step' : undefined} style={{ borderBottomColor: c.stage_colors[s] }}>
            {stageLabel(c, s)}
            {s === o.stage && <span className="sr-only"> ({text('current')})</span>}
          </li>
        ))}
      </ol>
      {o.is_open && o.next_stage && (
        <div className="gate">
          <p>
            <strong>{text('nextStage', { stage: stageLabel(c, o.next_stage) })}</strong>
            {c.stage_gate[o.next_stage] ? ` — ${text('gateAsks', { text: c.stage_gate[o.next_stage] })}` : ''}
          </p>
          {o.gate_problems.length === 0 ? (
            <p className="ok">{text('gateOk')}</p>
          ) : (
            <>
              <p>{text('gateMissing')}</p>
              <ul className="problems">
                {o.gate_problems.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </section>
  );
}

type Change = ReturnType<typeof useChange>;

function Steps({ o, change, onSaved }: { o: Opp; change: Change; onSaved: (s: string) => void }) {
  const c = useMe().constants;
  const text = useOppText();
  const toggle = (s: Step, body: { done?: boolean; note?: string }) =>
    change.run(`step-${s.id}`, async () => must(await api.POST('/api/v1/steps/{id}/toggle', { params: { path: { id: s.id } }, body })).opp);
  const stages = [...new Set(o.steps.map((s) => s.stage))];
  return (
    <section aria-labelledby="steps-h" className="panel steps">
      <h2 id="steps-h">{text('steps')}</h2>
      {o.steps.length === 0 && <p className="muted">{text('nothing')}</p>}
      {stages.map((stage) => (
        <fieldset key={stage}>
          <legend>{stageLabel(c, stage)}</legend>
          <ul>
            {o.steps
              .filter((s) => s.stage === stage)
              .map((s) => (
                <li key={s.id}>
                  <label className="check">
                    <input type="checkbox" checked={s.done} disabled={!o.can_edit || change.busy === `step-${s.id}`} onChange={(e) => void toggle(s, { done: e.target.checked })} />
                    <span>
                      {s.title}
                      {s.auto && <span className="muted"> ({text('auto')})</span>}
                    </span>
                  </label>
                  {s.note && !o.can_edit && <p className="step-note">{s.note}</p>}
                  {o.can_edit && <StepNote step={s} onSave={async (note) => (await toggle(s, { done: s.done, note })) && onSaved(text('saved'))} />}
                  {change.error?.where === `step-${s.id}` && <ChangeError error={change.error} />}
                </li>
              ))}
          </ul>
        </fieldset>
      ))}
    </section>
  );
}

function StepNote({ step, onSave }: { step: Step; onSave: (note: string) => Promise<unknown> }) {
  const text = useOppText();
  const [note, setNote] = useState(step.note);
  return (
    <details className="step-note" open={!!step.note || undefined}>
      <summary>{text('stepNote')}</summary>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void onSave(note);
        }}
      >
        <label>
          <span className="sr-only">{text('stepNoteFor', { title: step.title })}</span>
          <input value={note} maxLength={250} onChange={(e) => setNote(e.target.value)} />
        </label>
        <button type="submit" className="small">
          {text('saveNote')}
        </button>
      </form>
    </details>
  );
}

const BANT = [
  ['bant_b', 'bantB'],
  ['bant_a', 'bantA'],
  ['bant_n', 'bantN'],
  ['bant_t', 'bantT'],
] as const;

function Bant({ o, change }: { o: Opp; change: Change }) {
  const text = useOppText();
  return (
    <fieldset className="bant">
      <legend className="sr-only">{text('bant')}</legend>
      {BANT.map(([field, label]) => (
        <label key={field} className="check">
          <input
            type="checkbox"
            checked={o[field]}
            disabled={!o.can_edit || !!change.busy}
            onChange={(e) => void change.run('bant', async () => must(await api.PATCH('/api/v1/opportunities/{id}', { params: { path: { id: o.id } }, body: { [field]: e.target.checked } })).opp)}
          />
          {text(label)}
        </label>
      ))}
      {change.error?.where === 'bant' && <ChangeError error={change.error} />}
    </fieldset>
  );
}

function Notes({ o, change }: { o: Opp; change: Change }) {
  const text = useOppText();
  const lang = useLang();
  const [body, setBody] = useState('');
  async function add(e: FormEvent) {
    e.preventDefault();
    if (!body.trim()) return;
    const r = await change.run('note', async () => must(await api.POST('/api/v1/opportunities/{id}/notes', { params: { path: { id: o.id } }, body: { body } })).opp);
    if (r) setBody('');
  }
  return (
    <section aria-labelledby="notes-h">
      <h2 id="notes-h">{text('notes')}</h2>
      {o.can_edit && (
        <form className="note-form" onSubmit={add}>
          <label>
            {text('addNote')}
            <textarea value={body} maxLength={5000} rows={2} onChange={(e) => setBody(e.target.value)} />
          </label>
          <button type="submit" disabled={change.busy === 'note' || !body.trim()}>
            {text('noteSave')}
          </button>
          {change.error?.where === 'note' && <ChangeError error={change.error} />}
        </form>
      )}
      {o.notes.length === 0 ? (
        <p className="muted">{text('nothing')}</p>
      ) : (
        <ul className="notes">
          {o.notes.map((n) => (
            <li key={n.id}>
              <p>{n.body}</p>
              <p className="muted">
                {n.user} · {formatTimestamp(lang, n.created_at)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Logs({ o }: { o: Opp }) {
  const c = useMe().constants;
  const text = useOppText();
  const lang = useLang();
  return (
    <section aria-labelledby="logs-h">
      <h2 id="logs-h">{text('logs')}</h2>
      <div className="table-wrap">
        <table>
          <thead>
            <tr>
              <th scope="col">{text('date')}</th>
              <th scope="col">{text('from')}</th>
              <th scope="col">{text('to')}</th>
              <th scope="col">{text('user')}</th>
              <th scope="col">{text('note')}</th>
            </tr>
          </thead>
          <tbody>
            {o.logs.map((l, i) => (
              <tr key={`${l.date}-${i}`}>
                <td>{formatTimestamp(lang, l.date)}</td>
                <td>{stageLabel(c, l.from)}</td>
                <td>{stageLabel(c, l.to)}</td>
                <td>{l.user}</td>
                <td>{l.note}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** Tasks, activities, orders and custom records: shown when there are any. */
function Related({ o }: { o: Opp }) {
  const text = useOppText();
  const lang = useLang();
  return (
    <>
      <section aria-labelledby="tasks-h">
        <h2 id="tasks-h">{text('tasks')}</h2>
        {o.tasks.length === 0 ? (
          <p className="muted">{text('nothing')}</p>
        ) : (
          <div className="table-wrap">
            <table>
              <thead>
                <tr>
                  <th scope="col">{text('title')}</th>
                  <th scope="col">{text('due')}</th>
                  <th scope="col">{text('priority')}</th>
                  <th scope="col">{text('status')}</th>
                  <th scope="col">{text('owner')}</th>
                </tr>
              </thead>
              <tbody>
                {o.tasks.map((t) => (
                  <tr key={t.id}>
                    <td>
                      <Link to={`/tasks/${t.id}`}>{t.title}</Link>
                    </td>
                    <td>{formatDate(lang, t.due_date)}</td>
                    <td>{t.priority}</td>
                    <td>{t.status}</td>
                    <td>{t.assignee?.full_name ?? ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      {o.visits.length > 0 && (
        <section aria-labelledby="visits-h">
          <h2 id="visits-h">{text('visits')}</h2>
          <ul className="plain">
            {o.visits.map((v) => (
              <li key={v.id}>
                <Link to={`/activities/${v.id}`}>
                  {formatDate(lang, v.date)} · {v.type} · {v.topic}
                </Link>
                {v.note ? ` — ${v.note}` : ''}
              </li>
            ))}
          </ul>
        </section>
      )}
      {o.orders.length > 0 && (
        <section aria-labelledby="orders-h">
          <h2 id="orders-h">{text('orders')}</h2>
          <div className="table-wrap">
            <table>
              <thead>
                <tr>
                  <th scope="col">{text('date')}</th>
                  <th scope="col">{text('po')}</th>
                  <th scope="col">{text('product')}</th>
                  <th scope="col" className="num">
                    {text('amount')}
                  </th>
                  <th scope="col">{text('status')}</th>
                </tr>
              </thead>
              <tbody>
                {o.orders.map((r) => (
                  <tr key={r.id}>
                    <td>{formatDate(lang, r.date)}</td>
                    <td>{r.customer_po}</td>
                    <td>{r.product}</td>
                    <td className="num">{formatMoney(lang, r.amount, r.currency)}</td>
                    <td>{r.erp?.label || r.status}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}
      <LinkedRecordsSections kind="opportunity" id={o.id} name={o.name} groups={o.objects} />
    </>
  );
}
