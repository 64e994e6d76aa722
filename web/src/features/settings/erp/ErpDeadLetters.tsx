import { Link } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api, must, type Schemas } from '../../../lib/api';
import { useLang } from '../../../lib/i18n';
import { formatTimestamp } from '../../../lib/format';
import { Loaded } from '../../../shell/States';
import { FormError } from '../../../shell/forms';
import { useErpText } from './erp.text';
import { settingsKeys } from '../queries';

type Dead = Schemas['ErpDeadLetter'];

/** The dead letters: orders the ERP will not write as they are; requeue one (after fixing its data) or all. */
export function ErpDeadLetters({ onDone }: { onDone: (notice: string) => void }) {
  const text = useErpText();
  const lang = useLang();
  const q = useQuery({ queryKey: settingsKeys.erpDeadLetters(), queryFn: async () => must(await api.GET('/api/v1/settings/erp/dead-letters')) });
  const one = useMutation({
    mutationFn: async (d: Dead) => must(await api.POST('/api/v1/settings/erp/dead-letters/{id}/requeue', { params: { path: { id: d.id } } })),
    onSuccess: (r) => onDone(r.requeued ? text('requeued') : text('alreadyQueued')),
  });
  const all = useMutation({
    mutationFn: async () => must(await api.POST('/api/v1/settings/erp/dead-letters/requeue')),
    onSuccess: (r) => onDone(r.requeued ? text('requeuedAll', { n: r.requeued }) : text('noneRequeued')),
  });
  return (
    <>
      <h2>{text('dead')}</h2>
      <FormError error={one.error ?? all.error} />
      <Loaded q={q}>
        {(list) =>
          list.dead_letters.length === 0 ? (
            <p className="panel">{text('noDead')}</p>
          ) : (
            <>
              <p className="help">{text('deadAbout', { total: list.total })}</p>
              <table className="co-table">
                <caption className="sr-only">{text('dead')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{text('order')}</th>
                    <th scope="col">{text('since')}</th>
                    <th scope="col">{text('reason')}</th>
                    <th scope="col">{text('attempts')}</th>
                    <th scope="col">{text('error')}</th>
                    <th scope="col">{text('actions')}</th>
                  </tr>
                </thead>
                <tbody>
                  {list.dead_letters.map((d) => (
                    <tr key={d.id}>
                      <th scope="row">
                        <Link to={`/orders/${d.order_id}`}>{d.ref}</Link>
                      </th>
                      <td data-label={text('since')}>{formatTimestamp(lang, d.dead_at)}</td>
                      <td data-label={text('reason')}>{text(`reason_${d.reason}`)}</td>
                      <td data-label={text('attempts')}>{d.attempts}</td>
                      <td data-label={text('error')}>{d.error}</td>
                      <td data-label={text('actions')}>
                        <button type="button" aria-label={text('requeueOf', { ref: d.ref })} disabled={one.isPending} onClick={() => one.mutate(d)}>
                          {text('requeue')}
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <div className="co-actions">
                <button type="button" className="primary" disabled={all.isPending} onClick={() => all.mutate()}>
                  {text('requeueAll')}
                </button>
              </div>
            </>
          )
        }
      </Loaded>
    </>
  );
}
