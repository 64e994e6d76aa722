import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, must, type Schemas } from '../../../lib/api';
import { Loaded } from '../../../shell/States';
import { FormError } from '../../../shell/forms';
import { Notice } from '../settings-parts';
import { useUsersText } from './users.text';
import { settingsKeys } from '../queries';

type Holder = Schemas['UserPermissions'];
const IMPORT = 'import' as const;

/**
 * The `import` permission per user (docs/decisions/import.md, "Who may"): admins allow or withdraw it over
 * PUT / DELETE /api/v1/users/{id}/permissions/import; an admin's row has no button (the role holds every permission).
 */
export function ImportPermission() {
  const text = useUsersText();
  const qc = useQueryClient();
  const [note, setNote] = useState<string | null>(null);
  const q = useQuery({ queryKey: settingsKeys.permissions(), queryFn: async () => must(await api.GET('/api/v1/permissions')).items });
  const change = useMutation({
    mutationFn: async (u: Holder) => {
      const params = { params: { path: { id: u.id, permission: IMPORT } } };
      const allowed = u.permissions.includes(IMPORT);
      const r = must(allowed ? await api.DELETE('/api/v1/users/{id}/permissions/{permission}', params) : await api.PUT('/api/v1/users/{id}/permissions/{permission}', params));
      return { name: r.user.name || r.user.username, allowed: !allowed };
    },
    onSuccess: ({ name, allowed }) => {
      void qc.invalidateQueries({ queryKey: settingsKeys.permissions() });
      setNote(text(allowed ? 'importGranted' : 'importWithdrawn', { name }));
    },
  });
  return (
    <section aria-labelledby="import-permission">
      <h2 id="import-permission">{text('importHeading')}</h2>
      <p className="help">{text('importIntro')}</p>
      <Notice text={note} />
      <FormError error={change.error} />
      <Loaded q={q}>
        {(items) => (
          <table className="co-table">
            <caption className="sr-only">{text('importHeading')}</caption>
            <thead>
              <tr>
                <th scope="col">{text('user')}</th>
                <th scope="col">{text('mayImport')}</th>
                <th scope="col">{text('actions')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((u) => {
                const name = u.name || u.username;
                const admin = u.role === 'admin';
                const allowed = u.permissions.includes(IMPORT);
                return (
                  <tr key={u.id}>
                    <th scope="row">
                      {name}
                      <div className="help">{u.username}</div>
                    </th>
                    <td data-label={text('mayImport')}>{admin ? text('yesAdmin') : allowed ? text('yes') : text('no')}</td>
                    <td data-label={text('actions')}>
                      {admin ? null : (
                        <button type="button" aria-label={text(allowed ? 'withdrawOf' : 'allowOf', { name })} disabled={change.isPending} onClick={() => change.mutate(u)}>
                          {text(allowed ? 'withdraw' : 'allow')}
                        </button>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </Loaded>
    </section>
  );
}
