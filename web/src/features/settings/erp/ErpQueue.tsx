import { Link } from 'react-router';
import type { Schemas } from '../../../lib/api';
import { useLang } from '../../../lib/i18n';
import { formatTimestamp } from '../../../lib/format';
import { useErpText } from './erp.text';

const COUNTS = ['waiting', 'claimed', 'retrying', 'failed', 'written'] as const;

/** The order queue by state, the connector's heartbeat (a stall is flagged) and the newest ERP errors. */
export function ErpQueue({ erp }: { erp: Schemas['ErpConnectionResponse'] }) {
  const text = useErpText();
  const lang = useLang();
  const at = (ts: string | null) => formatTimestamp(lang, ts) || text('never');
  const { heartbeat: beat } = erp;
  return (
    <>
      <h2>{text('queue')}</h2>
      <dl className="st-counts">
        {COUNTS.map((c) => (
          <div key={c}>
            <dt>{text(c)}</dt>
            <dd>{erp.queue[c]}</dd>
          </div>
        ))}
      </dl>
      <p>{text('lastPoll', { at: at(erp.last_poll_at) })}</p>
      <p>
        {text('lastHour', { claimed: beat.claimed_last_hour, reported: beat.reported_last_hour })} {text('oldest', { at: at(beat.oldest_waiting_at) })}
      </p>
      {beat.stalled_since ? (
        <p id="erp-stalled">
          <span className="co-badge warn">{text('stalled')}</span> {text('stalledText', { since: at(beat.stalled_since) })}
        </p>
      ) : null}
      <h2>{text('errors')}</h2>
      {erp.errors.length === 0 ? (
        <p className="panel">{text('noErrors')}</p>
      ) : (
        <table className="co-table">
          <caption className="sr-only">{text('errors')}</caption>
          <thead>
            <tr>
              <th scope="col">{text('order')}</th>
              <th scope="col">{text('at')}</th>
              <th scope="col">{text('state')}</th>
              <th scope="col">{text('attempts')}</th>
              <th scope="col">{text('error')}</th>
            </tr>
          </thead>
          <tbody>
            {erp.errors.map((e) => (
              <tr key={e.id}>
                <th scope="row">
                  <Link to={`/orders/${e.order_id}`}>ORD-{e.order_id}</Link>
                </th>
                <td data-label={text('at')}>{at(e.at)}</td>
                <td data-label={text('state')}>{text(`state_${e.state}`)}</td>
                <td data-label={text('attempts')}>{e.attempts}</td>
                <td data-label={text('error')}>{e.error}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
