import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, must, type Schemas } from '../../../lib/api';
import { useLang } from '../../../lib/i18n';
import { formatTimestamp } from '../../../lib/format';
import { Loaded } from '../../../shell/States';
import { FormError } from '../../../shell/forms';
import { AskButton, Notice, SecretOnce, SettingsPage } from '../settings-parts';
import { ErpQueue } from './ErpQueue';
import { ErpDeadLetters } from './ErpDeadLetters';
import { useErpText } from './erp.text';
import { settingsKeys } from '../queries';


/**
 * ERP (admins): the ERP connection's keys (create, rotate, revoke: a new key shown once), its order queue and
 * heartbeat, the newest errors and the dead letters (requeue one or all). The service refuses other users (403).
 */
export default function Erp() {
  const text = useErpText();
  const qc = useQueryClient();
  const [note, setNote] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const q = useQuery({ queryKey: settingsKeys.erp(), queryFn: async () => must(await api.GET('/api/v1/settings/erp')) });
  // the card and its dead letters (under its key) are refreshed together after every change
  const refresh = () => void qc.invalidateQueries({ queryKey: settingsKeys.erp() });
  const rotate = useMutation({
    mutationFn: async () => must(await api.POST('/api/v1/settings/erp/key')),
    onSuccess: (r) => (refresh(), setNote(null), setSecret(r.key)),
  });
  const revoke = useMutation({
    mutationFn: async () => must(await api.DELETE('/api/v1/settings/erp/key')),
    onSuccess: (r) => (refresh(), setSecret(null), setNote(r.revoked ? text('revoked', { n: r.revoked }) : text('noneRevoked'))),
  });
  return (
    <SettingsPage title={text('heading')}>
      <Notice text={note} />
      {secret ? <SecretOnce label={text('newKey')} secret={secret} onDone={() => setSecret(null)} /> : null}
      <FormError error={rotate.error ?? revoke.error} />
      <Loaded q={q}>
        {(erp) => (
          <>
            <p>
              {text('baseUrl')} <code>{erp.base_url}</code>
            </p>
            <h2>{text('keys')}</h2>
            <ErpKeys keys={erp.keys} />
            <div className="co-actions">
              {erp.keys.length ? (
                <>
                  <AskButton label={text('rotateKey')} question={text('askRotate')} yes={text('yesRotate')} busy={rotate.isPending} onConfirm={() => rotate.mutate()} />
                  <AskButton label={text('revokeAll')} question={text('askRevoke')} yes={text('yesRevoke')} busy={revoke.isPending} danger onConfirm={() => revoke.mutate()} />
                </>
              ) : (
                <button type="button" className="primary" disabled={rotate.isPending} onClick={() => rotate.mutate()}>
                  {text('createKey')}
                </button>
              )}
            </div>
            <ErpQueue erp={erp} />
            <ErpDeadLetters onDone={(n) => (refresh(), setNote(n))} />
          </>
        )}
      </Loaded>
    </SettingsPage>
  );
}

/** The active keys by their first characters (never the secret). */
function ErpKeys({ keys }: { keys: Schemas['ErpKey'][] }) {
  const text = useErpText();
  const lang = useLang();
  if (!keys.length) return <p className="panel">{text('noKey')}</p>;
  return (
    <table className="co-table">
      <caption className="sr-only">{text('keys')}</caption>
      <thead>
        <tr>
          <th scope="col">{text('prefix')}</th>
          <th scope="col">{text('created')}</th>
          <th scope="col">{text('lastUsed')}</th>
        </tr>
      </thead>
      <tbody>
        {keys.map((k) => (
          <tr key={k.prefix}>
            <th scope="row">
              <code>{k.prefix}…</code>
            </th>
            <td data-label={text('created')}>{formatTimestamp(lang, k.created_at)}</td>
            <td data-label={text('lastUsed')}>{formatTimestamp(lang, k.last_used_at) || text('never')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
