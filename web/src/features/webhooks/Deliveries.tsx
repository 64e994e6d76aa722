import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { api, must } from '../../lib/api';
import { useLang } from '../../lib/i18n';
import { formatTimestamp } from '../../lib/format';
import { Loaded } from '../../shell/States';
import { FormError } from '../../shell/forms';
import { Notice, SettingsPage } from '../settings';
import { useAppsText, type AppsKey } from './apps.text';
import { useDeliveries, useWebhook, useWebhooksWritten } from './queries';
import './webhooks.css';

/** Settings → Apps → Delivery log: a connection's last 200 attempts, newest first, each with "Send again". */
export default function Deliveries() {
  const text = useAppsText();
  const lang = useLang();
  const id = Number(useParams().id);
  const c = useWebhook(id);
  const q = useDeliveries(id);
  const written = useWebhooksWritten();
  const [note, setNote] = useState<string | null>(null);
  const resend = useMutation({
    mutationFn: async (deliveryId: number) => must(await api.POST('/api/v1/webhooks/{id}/deliveries/{deliveryId}/resend', { params: { path: { id, deliveryId } } })),
    onSuccess: () => (written(), setNote(text('resent'))),
  });
  return (
    <SettingsPage title={text('deliveryLog')}>
      <Notice text={note} />
      <FormError error={resend.error} />
      <Loaded q={q}>
        {(items) => (
          <>
            <p className="help wh-wrap">
              {c.data?.url} — {text('deliveriesLast', { n: items.length })}
            </p>
            {items.length ? (
              <table className="co-table wh-table">
                <caption className="sr-only">{text('deliveryLog')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{text('colCreated')}</th>
                    <th scope="col">{text('colEvent')}</th>
                    <th scope="col">{text('colStatus')}</th>
                    <th scope="col">{text('colOk')}</th>
                    <th scope="col">HTTP</th>
                    <th scope="col">{text('colError')}</th>
                    <th scope="col">ms</th>
                    <th scope="col" />
                  </tr>
                </thead>
                <tbody>
                  {items.map((d) => (
                    <tr key={d.id}>
                      <th scope="row" id={`delivery-${d.id}`}>
                        {formatTimestamp(lang, d.created_at)}
                      </th>
                      <td data-label={text('colEvent')}>
                        {d.event}
                        {d.replay ? ` ${text('replayTag')}` : ''}
                      </td>
                      <td data-label={text('colStatus')}>{text(d.status as AppsKey)}</td>
                      <td data-label={text('colOk')}>{d.ok ? text('yes') : text('no')}</td>
                      <td data-label="HTTP">{d.http_status ?? ''}</td>
                      <td className="wh-wrap" data-label={text('colError')}>
                        {d.error ?? ''}
                      </td>
                      <td data-label="ms">{d.duration_ms ?? ''}</td>
                      <td>
                        <button type="button" aria-describedby={`delivery-${d.id}`} disabled={resend.isPending} onClick={() => resend.mutate(d.id)}>
                          {text('sendAgain')}
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : (
              <p className="panel">{text('deliveriesNone')}</p>
            )}
          </>
        )}
      </Loaded>
      <p>
        <Link to="/settings/apps">{text('deliveriesBack')}</Link>
      </p>
    </SettingsPage>
  );
}
