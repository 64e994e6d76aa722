import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, must, type Schemas } from '../../../lib/api';
import { useLang } from '../../../lib/i18n';
import { formatTimestamp } from '../../../lib/format';
import { Loaded } from '../../../shell/States';
import { FormError } from '../../../shell/forms';
import { SecretOnce, SettingsPage } from '../settings-parts';
import { ImportPermission } from './ImportPermission';
import { useUsersText } from './users.text';
import { settingsKeys } from '../queries';

type Pending = Schemas['PendingUserItem'];

/**
 * Users (admins): the users who have not set a password yet and their invitation; "New invitation link" shows a
 * fresh link once (the way to hand out invitations without SMTP_URL); below, the import permission per user. The
 * service refuses other users (403).
 */
export default function Users() {
  const text = useUsersText();
  const lang = useLang();
  const qc = useQueryClient();
  const [secret, setSecret] = useState<{ label: string; link: string } | null>(null);
  const q = useQuery({ queryKey: settingsKeys.usersPending(), queryFn: async () => must(await api.GET('/api/v1/users/pending')) });
  const reissue = useMutation({
    mutationFn: async (u: Pending) => must(await api.POST('/api/v1/users/{id}/invitation', { params: { path: { id: u.id } } })),
    onSuccess: (r) => {
      void qc.invalidateQueries({ queryKey: settingsKeys.usersPending() });
      setSecret({ label: text('linkOf', { name: r.username, hours: r.invitation_hours }), link: r.link });
    },
  });
  const state = (u: Pending) => (u.invitation ? text('sent', { sent: formatTimestamp(lang, u.invitation.created_at), until: formatTimestamp(lang, u.invitation.expires_at) }) : text('none'));
  return (
    <SettingsPage title={text('heading')}>
      {secret ? <SecretOnce label={secret.label} secret={secret.link} onDone={() => setSecret(null)} /> : null}
      <FormError error={reissue.error} />
      <Loaded q={q}>
        {(list) => (
          <>
            <p className="help">
              {list.mail ? text('mail') : text('noMail')} {text('replace')}
            </p>
            <h2>{text('waiting')}</h2>
            {list.items.length === 0 ? (
              <p className="panel">{text('allSet')}</p>
            ) : (
              <table className="co-table">
                <caption className="sr-only">{text('waiting')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{text('user')}</th>
                    <th scope="col">{text('email')}</th>
                    <th scope="col">{text('invitation')}</th>
                    <th scope="col">{text('actions')}</th>
                  </tr>
                </thead>
                <tbody>
                  {list.items.map((u) => (
                    <tr key={u.id}>
                      <th scope="row">
                        {u.full_name}
                        <div className="help">{u.username}</div>
                      </th>
                      <td data-label={text('email')}>{u.email}</td>
                      <td data-label={text('invitation')}>{state(u)}</td>
                      <td data-label={text('actions')}>
                        <button type="button" aria-label={text('newLinkOf', { name: u.full_name || u.username })} disabled={reissue.isPending} onClick={() => reissue.mutate(u)}>
                          {text('newLink')}
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            <ImportPermission />
          </>
        )}
      </Loaded>
    </SettingsPage>
  );
}
