import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { api, ApiFailure, must, type Schemas } from '../../lib/api';
import { labelIn, useLabel, useLabels } from '../../lib/labels';
import { useMe, type Me } from '../../lib/session';
import { useOppText } from './opportunity.text';
import { useGateProblem } from './gate-text';
import './opportunities.css';

export type Opp = Schemas['Opportunity'];
export type OppSummary = Schemas['OpportunitySummary'];
type Constants = Me['constants'];

/** A stage's label in the user's language (the key when it has none); lib/labels for the other lists. */
export function stageLabel(c: Constants, stage: string | null | undefined): string {
  return labelIn(c, 'stages', stage);
}

/** The closing stages (won, lost, cancelled by constants.stage_roles), in pipeline order. */
export function closingStages(c: Constants): { stage: string; role: 'won' | 'lost' | 'cancelled' }[] {
  return c.stages.flatMap((stage) => {
    const role = c.stage_roles[stage];
    return role === 'won' || role === 'lost' || role === 'cancelled' ? [{ stage, role }] : [];
  });
}

/** The problems of a refused gate (400 `invalid` with `gate_problems`), or null for another failure. */
export function gateProblemsOf(error: unknown): string[] | null {
  if (error instanceof ApiFailure && Array.isArray(error.body.gate_problems)) return error.body.gate_problems.map(String);
  return null;
}

/** POST /api/v1/opportunities/{id}/stage: the opportunity after the move, or throws ApiFailure. */
export async function moveStage(id: number, stage: string, closeReason?: string): Promise<Opp> {
  const body = closeReason ? { stage, close_reason: closeReason } : { stage };
  return must(await api.POST('/api/v1/opportunities/{id}/stage', { params: { path: { id } }, body })).opp;
}

/** The health grade as a badge (letter and label; the colour is by grade, text keeps AA contrast). */
export function HealthBadge({ opp }: { opp: Pick<OppSummary, 'health'> & Partial<Pick<OppSummary, 'health_manual'>> }) {
  const grade = /^[A-D]$/.test(opp.health.grade) ? opp.health.grade : 'X';
  // the grade's label in the user's language, unless a person typed one
  const computed = useLabel('health', opp.health.grade);
  const label = opp.health_manual && opp.health.label ? opp.health.label : computed;
  return (
    <span className={`health health-${grade}`}>
      <span aria-hidden="true">{opp.health.grade}</span>
      <span className="sr-only">{opp.health.grade}: </span> {label}
    </span>
  );
}

/**
 * Win / Lost / Cancel with a reason (constants.loss_reasons; asked only for lost and cancelled, where it is
 * required), in a modal dialog (focus stays inside, Escape closes). No outcome is chosen beforehand: closing
 * is final, so the rep picks one; the dialog's own way out reads "Keep it open", not "Cancel", so it cannot
 * be mistaken for the outcome of that name. Calls the stage move; `onClosed` gets the closed opportunity.
 */
export function CloseDialog({ opp, onClosed, onDismiss }: { opp: Pick<OppSummary, 'id' | 'name'>; onClosed: (o: Opp) => void; onDismiss: () => void }) {
  const me = useMe();
  const text = useOppText();
  const gate = useGateProblem();
  const c = me.constants;
  const labelOf = useLabels();
  const options = closingStages(c);
  const ref = useRef<HTMLDialogElement>(null);
  const [stage, setStage] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const ids = useId();
  const role = options.find((o) => o.stage === stage)?.role;
  const needsReason = role === 'lost' || role === 'cancelled';

  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
  }, []);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!stage) {
      setError(text('outcomeNeeded'));
      return;
    }
    if (needsReason && !reason) {
      setError(text('reasonNeeded'));
      return;
    }
    setBusy(true);
    setError('');
    try {
      onClosed(await moveStage(opp.id, stage, needsReason ? reason : undefined));
    } catch (err) {
      const problems = gateProblemsOf(err);
      setError(problems ? problems.map(gate).join('; ') : err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <dialog ref={ref} className="close-dialog" aria-labelledby={`${ids}-h`} onClose={onDismiss}>
      <form onSubmit={submit} noValidate>
        <h2 id={`${ids}-h`}>{text('closeTitle', { name: opp.name })}</h2>
        <fieldset>
          <legend>{text('outcome')}</legend>
          {options.map((o) => (
            <label key={o.stage} className="radio">
              <input type="radio" name="outcome" value={o.stage} checked={stage === o.stage} onChange={() => setStage(o.stage)} />
              <span className="swatch" style={{ background: c.stage_colors[o.stage] }} aria-hidden="true" />
              {stageLabel(c, o.stage)}
            </label>
          ))}
        </fieldset>
        {needsReason ? (
        <label>
          {text('reason')}
          <select value={reason} onChange={(e) => setReason(e.target.value)} required={needsReason} aria-invalid={!!error && needsReason && !reason} aria-describedby={error ? `${ids}-e` : undefined}>
            <option value="">{text('reasonPick')}</option>
            {c.loss_reasons.map((r) => (
              <option key={r} value={r}>
                {labelOf('loss_reasons', r)}
              </option>
            ))}
          </select>
        </label>
        ) : null}
        {error && (
          <p id={`${ids}-e`} className="error" role="alert">
            {error}
          </p>
        )}
        <div className="actions">
          <button type="submit" className="primary" disabled={busy}>
            {text('closeSubmit')}
          </button>
          <button type="button" onClick={() => ref.current?.close()}>
            {text('closeCancel')}
          </button>
        </div>
      </form>
    </dialog>
  );
}

/** Board and list, as links (each is its own address). */
export function ViewSwitch({ current }: { current: 'board' | 'list' }) {
  const text = useOppText();
  return (
    <nav className="view-switch" aria-label={text('pipeline')}>
      <Link to="/opportunities" aria-current={current === 'board' ? 'page' : undefined}>
        {text('board')}
      </Link>
      <Link to="/opportunities/list" aria-current={current === 'list' ? 'page' : undefined}>
        {text('listView')}
      </Link>
    </nav>
  );
}
