import { Link } from 'react-router';
import { useLabels } from '../../lib/labels';
import { useMe } from '../../lib/session';
import { useLang } from '../../lib/i18n';
import { formatDate, formatMoney, formatNumber } from '../../lib/format';
import { Fields } from '../../shell/RecordView';
import { HealthBadge, stageLabel, type Opp } from './opportunity-parts';
import { useOppText } from './opportunity.text';
import type { Change } from './change';
import { lineLabel } from './opp-form-parts';
import { Bant } from './record-sections';

/** The opportunity's own fields, under its stage bar and actions. */
export function OppFields({ o }: { o: Opp }) {
  const c = useMe().constants;
  const labelOf = useLabels();
  const text = useOppText();
  const lang = useLang();
  return (
    <Fields
      items={[
        [text('closedStatus'), o.is_open ? null : `${stageLabel(c, o.stage)}${o.close_reason ? ` (${text('reasonIs', { reason: labelOf('loss_reasons', o.close_reason) })})` : ''}`],
        [text('owner'), o.owner?.full_name],
        [text('product'), o.product],
        [text('quantity'), o.potential_kg ? `${formatNumber(lang, o.potential_kg)} ${o.unit}` : null],
        [text('offerPrice'), o.offer_price === null ? null : `${formatMoney(lang, o.offer_price, o.currency, 4)} / ${o.unit}`],
        [text('paymentDays'), o.payment_days === null ? null : text('paymentDaysN', { n: o.payment_days })],
        [text('closeDate'), formatDate(lang, o.close_date)],
        // `prob` is a fraction (0.1 = 10 %), whatever the OpenAPI description says
        [text('probability'), `${formatNumber(lang, o.prob * 100)} %`],
        [text('weighted'), formatMoney(lang, o.weighted, o.base_currency)],
        [text('forecast'), labelOf('forecast_cats', o.fc)],
        [text('type'), labelOf('opp_types', o.type)],
        [text('source'), o.source],
        [text('competitor'), o.competitor],
        [lineLabel(c.opp_line_label, text('line')), o.line],
        [text('startDate'), formatDate(lang, o.start_date)],
        [text('note'), o.note],
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
  );
}

/** BANT with its score, then the health grade with its note and why. */
export function BantHealth({ o, change }: { o: Opp; change: Change }) {
  const text = useOppText();
  return (
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
  );
}
