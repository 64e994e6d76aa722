import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, must, type Schemas } from '../../lib/api';
import { useLang } from '../../lib/i18n';
import { formatNumber, formatTimestamp } from '../../lib/format';
import { useMe } from '../../lib/session';
import { Loaded } from '../../shell/States';
import { FormError } from '../../shell/forms';
import { useAccountText } from './account.text';
import { AskButton, Notice, SecretOnce, SettingsPage } from './settings-parts';
import { settingsKeys } from './queries';

type Connection = Schemas['ConsoleConnection'];

/** The names the service gives the workspace keys it issues (stored in English): shown in the page's words. */
const STORED_KEY_NAMES: Partial<Record<Connection['kind'], string>> = { erp: 'ERP key', scim: 'SCIM key' };

/** Connections: every grant and key of the user (every connection of the workspace for admins), with use, revoke and rotate. */
export default function Connections() {
  const text = useAccountText();
  const lang = useLang();
  const me = useMe().user;
  const admin = me.role === 'admin';
  const qc = useQueryClient();
  const [note, setNote] = useState<string | null>(null);
  const [secret, setSecret] = useState<{ label: string; secret: string } | null>(null);
  const q = useQuery({ queryKey: settingsKeys.connections(), queryFn: async () => must(await api.GET('/api/v1/connections')).items });
  const nameOf = (c: Connection) => {
    const stored = STORED_KEY_NAMES[c.kind];
    return stored && c.name.startsWith(`${stored} (`) ? `${text(`kind_${c.kind}`)}${c.name.slice(stored.length)}` : c.name;
  };
  const path = (c: Connection) => ({ params: { path: { kind: c.kind, id: c.id } } });
  const refresh = () => void qc.invalidateQueries({ queryKey: settingsKeys.connections() });
  const revoke = useMutation({
    mutationFn: async (c: Connection) => {
      // the caller's own app: "remove an app's access" (spec 5) drops the grant; other kinds and an admin's revoke of
      // someone else's grant go through the console
      if (c.kind === 'app' && c.owner?.id === me.id) {
        must(await api.DELETE('/api/v1/apps/{id}', { params: { path: { id: c.id } } }));
        return c;
      }
      return must(await api.POST('/api/v1/connections/{kind}/{id}/revoke', path(c))).connection;
    },
    onSuccess: (c) => (refresh(), setSecret(null), setNote(text('revoked', { name: nameOf(c) }))),
  });
  const rotate = useMutation({
    mutationFn: async (c: Connection) => ({ c, r: must(await api.POST('/api/v1/connections/{kind}/{id}/rotate', path(c))) }),
    onSuccess: ({ c, r }) => (refresh(), setNote(null), setSecret({ label: text('newKeyOf', { name: nameOf(c) }), secret: r.secret })),
  });
  return (
    <SettingsPage title={text('connections')}>
      <p className="help">{admin ? text('introAdmin') : text('introUser')}</p>
      <Notice text={note} />
      {secret ? <SecretOnce label={secret.label} secret={secret.secret} onDone={() => setSecret(null)} /> : null}
      <FormError error={revoke.error ?? rotate.error} />
      <Loaded q={q}>
        {(items) =>
          items.length === 0 ? (
            <p className="panel">{text('noConnections')}</p>
          ) : (
            <table className="co-table">
              <caption className="sr-only">{text('connections')}</caption>
              <thead>
                <tr>
                  <th scope="col">{text('name')}</th>
                  <th scope="col">{text('kind')}</th>
                  <th scope="col">{text('owner')}</th>
                  <th scope="col">{text('created')}</th>
                  <th scope="col">{text('lastUsed')}</th>
                  <th scope="col">{text('requests')}</th>
                  <th scope="col">{text('errors')}</th>
                  <th scope="col">{text('scopes')}</th>
                  <th scope="col">{text('state')}</th>
                  <th scope="col">{text('actions')}</th>
                </tr>
              </thead>
              <tbody>
                {items.map((c) => {
                  const name = nameOf(c);
                  const kind = text(`kind_${c.kind}`);
                  return (
                    <tr key={`${c.kind}-${c.id}`}>
                      <th scope="row">{name}</th>
                      <td data-label={text('kind')}>{kind}</td>
                      <td data-label={text('owner')}>{c.owner?.name ?? '—'}</td>
                      <td data-label={text('created')}>{formatTimestamp(lang, c.created_at)}</td>
                      <td data-label={text('lastUsed')}>{formatTimestamp(lang, c.last_used_at) || '—'}</td>
                      <td data-label={text('requests')}>{formatNumber(lang, c.requests_24h)}</td>
                      <td data-label={text('errors')}>{formatNumber(lang, c.errors_24h)}</td>
                      <td data-label={text('scopes')}>{c.scopes.join(' ')}</td>
                      <td data-label={text('state')}>
                        <span className={c.state === 'failing' ? 'co-badge warn' : 'co-badge'}>{text(`state_${c.state}`)}</span>
                      </td>
                      <td data-label={text('actions')}>
                        <div className="co-actions">
                          {c.actions.includes('rotate') ? <AskButton label={text('rotate')} accessible={text('rotateOf', { name })} question={text('askRotate', { name, kind })} yes={text('yesRotate')} busy={rotate.isPending} onConfirm={() => rotate.mutate(c)} /> : null}
                          {c.actions.includes('revoke') ? <AskButton label={text('revoke')} accessible={text('revokeOf', { name })} question={text('askRevoke', { name, kind })} yes={text('yesRevoke')} busy={revoke.isPending} danger onConfirm={() => revoke.mutate(c)} /> : null}
                        </div>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          )
        }
      </Loaded>
    </SettingsPage>
  );
}
