import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, must } from '../../../lib/api';
import { useLang } from '../../../lib/i18n';
import { formatTimestamp } from '../../../lib/format';
import { Loaded } from '../../../shell/States';
import { FormError } from '../../../shell/forms';
import { AskButton, SecretOnce, SettingsPage } from '../settings-parts';
import { useScimText } from './scim.text';
import { settingsKeys } from '../queries';

/**
 * SCIM (admins): the base URL the identity provider calls, the active key by its first characters (create, or
 * rotate after asking: the new key shown once) and the last provisioning operations. Other users get 403.
 */
export default function Scim() {
  const text = useScimText();
  const lang = useLang();
  const qc = useQueryClient();
  const [secret, setSecret] = useState<string | null>(null);
  const q = useQuery({ queryKey: settingsKeys.scim(), queryFn: async () => must(await api.GET('/api/v1/settings/scim')) });
  const rotate = useMutation({
    mutationFn: async () => must(await api.POST('/api/v1/settings/scim/key')),
    onSuccess: (r) => (void qc.invalidateQueries({ queryKey: settingsKeys.scim() }), setSecret(r.key)),
  });
  const at = (ts: string | null | undefined) => formatTimestamp(lang, ts) || text('never');
  return (
    <SettingsPage title={text('heading')}>
      {secret ? <SecretOnce label={text('newKey')} secret={secret} onDone={() => setSecret(null)} /> : null}
      <FormError error={rotate.error} />
      <Loaded q={q}>
        {(scim) => (
          <>
            <p>
              {text('baseUrl')} <code>{scim.base_url}</code>
            </p>
            <p>
              {text('key')}{' '}
              {scim.key ? (
                <>
                  <code>{scim.key.prefix}…</code> {text('keyDates', { created: at(scim.key.created_at), lastUsed: at(scim.key.last_used_at) })}
                </>
              ) : (
                text('none')
              )}
            </p>
            <div className="co-actions">
              {scim.key ? (
                <AskButton label={text('rotateKey')} question={text('askRotate')} yes={text('yesRotate')} busy={rotate.isPending} onConfirm={() => rotate.mutate()} />
              ) : (
                <button type="button" className="primary" disabled={rotate.isPending} onClick={() => rotate.mutate()}>
                  {text('createKey')}
                </button>
              )}
            </div>
            <h2>{text('last')}</h2>
            {scim.operations.length === 0 ? (
              <p className="panel">{text('noOperations')}</p>
            ) : (
              <table className="co-table">
                <caption className="sr-only">{text('last')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{text('user')}</th>
                    <th scope="col">{text('operation')}</th>
                    <th scope="col">{text('fields')}</th>
                    <th scope="col">{text('at')}</th>
                  </tr>
                </thead>
                <tbody>
                  {scim.operations.map((o, i) => (
                    <tr key={i}>
                      <th scope="row">{o.user_name}</th>
                      <td data-label={text('operation')}>{text(o.action)}</td>
                      <td data-label={text('fields')}>{o.fields.join(', ')}</td>
                      <td data-label={text('at')}>{at(o.at)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </>
        )}
      </Loaded>
    </SettingsPage>
  );
}
