import { Field } from '../../shell/forms';
import { useMe } from '../../lib/session';
import { useOppText } from './opportunity.text';

/** The workspace's own name for the line (constants.opp_line_label), unless it is the default English one: then `fallback`, in the user's language. */
export const lineLabel = (configured: string, fallback: string): string => (configured && configured !== 'Product line' ? configured : fallback);

/** A health set by hand (spec 2.6 `health_manual` with grade, label and note), as the form holds it. */
export interface HealthDraft {
  manual: boolean;
  grade: string;
  label: string;
  note: string;
}

/** The name of each field the opportunity form sends, for its labels and for the server's sentences about it. */
export function useOppLabels(): Record<string, string> {
  const c = useMe().constants;
  const text = useOppText();
  return {
    name: text('name'),
    customer_id: text('company'),
    product_id: text('product'),
    value: text('value'),
    currency: text('currency'),
    potential_kg: text('quantity'),
    unit: text('unit'),
    offer_price: text('offerPrice'),
    payment_days: text('paymentDays'),
    close_date: text('closeDate'),
    start_date: text('startDate'),
    detail_status: text('detailStatus'),
    tags: text('tags'),
    health_grade: text('healthGrade'),
    health_label: text('healthLabel'),
    health_note: text('healthNote'),
    probability: text('probabilityPct'),
    fc: text('forecast'),
    owner_id: text('owner'),
    type: text('type'),
    source: text('source'),
    competitor: text('competitor'),
    line: lineLabel(c.opp_line_label, text('line')),
    next_step: text('nextStep'),
    note: text('note'),
    '*': text('opportunity'),
  };
}

/** The health fieldset: by hand or not; grade and label only by hand, the note either way. */
export function HealthFields({ health, setHealth, labels, errors }: { health: HealthDraft; setHealth: (h: HealthDraft) => void; labels: Record<string, string>; errors: Record<string, string> }) {
  const text = useOppText();
  return (
    <fieldset className="opp-health-set">
      <legend>{text('health')}</legend>
      <label className="co-check">
        <input type="checkbox" checked={health.manual} onChange={(e) => setHealth({ ...health, manual: e.target.checked })} /> {text('healthByHand')}
      </label>
      <div className="co-grid">
        {health.manual ? (
          <>
            <Field label={labels.health_grade!} error={errors.health_grade} required>
              {(p) => (
                <select {...p} value={health.grade} onChange={(e) => setHealth({ ...health, grade: e.target.value })}>
                  <option value="" />
                  {['A', 'B', 'C', 'D'].map((g) => (
                    <option key={g} value={g}>
                      {g}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field label={labels.health_label!} error={errors.health_label}>
              {(p) => <input {...p} value={health.label} maxLength={40} onChange={(e) => setHealth({ ...health, label: e.target.value })} />}
            </Field>
          </>
        ) : null}
        <Field label={labels.health_note!} error={errors.health_note}>
          {(p) => <input {...p} value={health.note} maxLength={300} onChange={(e) => setHealth({ ...health, note: e.target.value })} />}
        </Field>
      </div>
    </fieldset>
  );
}
