import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, must, type Schemas } from '../../lib/api';
import { useLang } from '../../lib/i18n';
import { formatTimestamp } from '../../lib/format';
import { Loaded } from '../../shell/States';
import { FormError } from '../../shell/forms';
import { useAccountText } from './account.text';
import { AskButton, Notice, SettingsPage } from './settings-parts';
import { settingsKeys } from './queries';

type Session = Schemas['SessionItem'];

/** Sessions: where the user is signed in; end one, or every other one. Ending this browser's signs it out. */
export default function Sessions() {
  const text = useAccountText();
  const lang = useLang();
  const qc = useQueryClient();
  const [note, setNote] = useState<string | null>(null);
  const q = useQuery({ queryKey: settingsKeys.sessions(), queryFn: async () => must(await api.GET('/api/v1/sessions')).items });
  const refresh = () => void qc.invalidateQueries({ queryKey: settingsKeys.sessions() });
  const end = useMutation({
    mutationFn: async (s: Session) => (must(await api.DELETE('/api/v1/sessions/{id}', { params: { path: { id: s.id } } })), s),
    onSuccess: (s) => {
      if (s.current) {
        // this browser's own session: the cookies are cleared; the app starts again at sign-in
        qc.clear();
        window.location.assign('/');
        return;
      }
      refresh();
      setNote(text('sessionEnded'));
    },
  });
  const others = useMutation({
    mutationFn: async () => must(await api.POST('/api/v1/sessions/others/revoke')),
    onSuccess: (r) => (refresh(), setNote(r.revoked ? text('othersSignedOut', { n: r.revoked }) : text('noOthers'))),
  });
  return (
    <SettingsPage title={text('sessions')}>
      <p className="help">{text('sessionsAbout')}</p>
      <Notice text={note} />
      <FormError error={end.error ?? others.error} />
      <Loaded q={q}>
        {(items) => (
          <>
            <table className="co-table">
              <caption className="sr-only">{text('sessions')}</caption>
              <thead>
                <tr>
                  <th scope="col">{text('device')}</th>
                  <th scope="col">{text('signedIn')}</th>
                  <th scope="col">{text('lastUsed')}</th>
                  <th scope="col">{text('actions')}</th>
                </tr>
              </thead>
              <tbody>
                {items.map((s) => (
                  <tr key={s.id}>
                    <th scope="row">
                      {s.device} {s.current ? <span className="co-badge">{text('thisBrowser')}</span> : null}
                    </th>
                    <td data-label={text('signedIn')}>{formatTimestamp(lang, s.created_at)}</td>
                    <td data-label={text('lastUsed')}>{formatTimestamp(lang, s.last_used_at) || '—'}</td>
                    <td data-label={text('actions')}>
                      <AskButton
                        label={text('endSession')}
                        accessible={text('endSessionOf', { name: s.device })}
                        question={text(s.current ? 'askEndCurrent' : 'askEnd', { name: s.device })}
                        yes={text('yesEnd')}
                        busy={end.isPending}
                        onConfirm={() => end.mutate(s)}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {items.some((s) => !s.current) ? (
              <div className="co-actions co-toolbar">
                <AskButton label={text('signOutOthers')} question={text('askOthers')} yes={text('yesEnd')} busy={others.isPending} onConfirm={() => others.mutate()} />
              </div>
            ) : (
              <p>{text('noOthers')}</p>
            )}
          </>
        )}
      </Loaded>
    </SettingsPage>
  );
}
