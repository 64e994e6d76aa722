import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { api, must } from '../../lib/api';
import { useLabels } from '../../lib/labels';
import { MODULES, useMe, useModule } from '../../lib/session';
import { useLang } from '../../lib/i18n';
import { formatMoney } from '../../lib/format';
import { Loaded } from '../../shell/States';
import { RecordHeader, RecordLink } from '../../shell/RecordView';
import { CloseDialog, HealthBadge, moveStage, stageLabel, type Opp } from './opportunity-parts';
import { useOppText } from './opportunity.text';
import { AskBox } from '../ask';
import { OppThreads } from '../mail';
import { ChangeError, useChange } from './change';
import { useGateProblem } from './gate-text';
import { useOpp } from './queries';
import { OppForm } from './OppForm';
import { BantHealth, OppFields } from './record-fields';
import { Logs, Notes, Related, Steps } from './record-sections';
import { RecordWorkflows } from '../workflows';

/**
 * The opportunity record (spec 2.6) from one GET: the stage bar with the next stage and its gate, the steps
 * checklist, BANT, health and why, the stage history, notes, tasks, activities, orders and custom records;
 * edit its fields, move forward, close (Win / Lost / Cancel with a reason) and revive a closed one. Every change
 * answers the record, which replaces the cached one (no second read).
 */
export default function OpportunityRecord() {
  const id = Number(useParams().id);
  const q = useOpp(id);
  return <Loaded q={q}>{(o) => <Record o={o} />}</Loaded>;
}

function Record({ o }: { o: Opp }) {
  const me = useMe();
  const c = me.constants;
  const text = useOppText();
  const lang = useLang();
  const navigate = useNavigate();
  const change = useChange(o.id);
  const [closing, setClosing] = useState(false);
  const [editing, setEditing] = useState(false);
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
            {stageLabel(c, o.stage)}
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
        {edit && !editing && (
          <button type="button" onClick={() => setEditing(true)}>
            {text('edit')}
          </button>
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

      {editing && (
        <OppForm
          opp={o}
          onSaved={() => {
            // the refusal shown before the edit is answered by the stage bar's gate, read again
            change.clear();
            setSaved(text('saved'));
            setEditing(false);
          }}
          onCancel={() => setEditing(false)}
        />
      )}

      <OppFields o={o} />

      <AskBox oppId={o.id} about={o.name} />

      <div className="record-grid">
        <Steps o={o} change={change} onSaved={setSaved} />
        <BantHealth o={o} change={change} />
      </div>

      <Notes o={o} change={change} />
      <Logs o={o} />
      {email ? <OppThreads threads={o.threads} /> : null}
      <Related o={o} />
      <RecordWorkflows kind="opportunity" id={o.id} />
    </article>
  );
}

/** Every stage in order, the current one marked; the next stage with its gate text and what it still misses. */
function StageBar({ o }: { o: Opp }) {
  const c = useMe().constants;
  const labelOf = useLabels();
  const text = useOppText();
  const gate = useGateProblem();
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
            {labelOf('stage_gate', o.next_stage) ? ` — ${text('gateAsks', { text: labelOf('stage_gate', o.next_stage) })}` : ''}
          </p>
          {o.gate_problems.length === 0 ? (
            <p className="ok">{text('gateOk')}</p>
          ) : (
            <>
              <p>{text('gateMissing')}</p>
              <ul className="problems">
                {o.gate_problems.map((p) => (
                  <li key={p}>{gate(p)}</li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </section>
  );
}

