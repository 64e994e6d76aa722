import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, must, type Schemas } from '../../lib/api';
import { useLang } from '../../lib/i18n';
import { formatTimestamp } from '../../lib/format';
import { Loaded } from '../../shell/States';
import { Field, FormError, useFieldSentences } from '../../shell/forms';
import { useAccountText } from './account.text';
import { AskButton, Notice, SecretOnce, SettingsPage } from './settings-parts';
import { settingsKeys } from './queries';

type Key = Schemas['ApiKeyItem'];

/** Developers: the user's own API keys; a new key is shown once, then only its first characters. */
export default function Developers() {
  const text = useAccountText();
  const lang = useLang();
  const qc = useQueryClient();
  const [note, setNote] = useState<string | null>(null);
  const [secret, setSecret] = useState<{ name: string; token: string } | null>(null);
  const [name, setName] = useState('');
  const q = useQuery({ queryKey: settingsKeys.apiKeys(), queryFn: async () => must(await api.GET('/api/v1/api-keys')) });
  const refresh = () => void qc.invalidateQueries({ queryKey: settingsKeys.apiKeys() });
  const create = useMutation({
    mutationFn: async (n: string) => must(await api.POST('/api/v1/api-keys', { body: { name: n } })),
    onSuccess: (r) => (refresh(), setName(''), setNote(null), setSecret({ name: r.key.name, token: r.token })),
  });
  const revoke = useMutation({
    mutationFn: async (k: Key) => must(await api.DELETE('/api/v1/api-keys/{id}', { params: { path: { id: k.id } } })),
    onSuccess: () => (refresh(), setSecret(null), setNote(text('keyRevoked'))),
  });
  const errors = useFieldSentences(create.error, { name: text('name') });
  function submit(e: FormEvent) {
    e.preventDefault();
    create.mutate(name);
  }
  return (
    <SettingsPage title={text('developersHeading')}>
      <p className="help">{text('developersAbout')}</p>
      <Notice text={note} />
      {secret ? (
        <SecretOnce label={text('newApiKey', { name: secret.name })} secret={secret.token} onDone={() => setSecret(null)}>
          <p className="help">{text('useAs', { header: 'Authorization: Bearer <key>', base: `${window.location.origin}/api/v1` })}</p>
        </SecretOnce>
      ) : null}
      <FormError error={revoke.error} />
      <h2>{text('yourKeys')}</h2>
      <Loaded q={q}>
        {(list) =>
          list.items.length === 0 ? (
            <p className="panel">{text('noKeys')}</p>
          ) : (
            <table className="co-table">
              <caption className="sr-only">{text('yourKeys')}</caption>
              <thead>
                <tr>
                  <th scope="col">{text('name')}</th>
                  <th scope="col">{text('key')}</th>
                  <th scope="col">{text('created')}</th>
                  <th scope="col">{text('lastUsed')}</th>
                  <th scope="col">{text('actions')}</th>
                </tr>
              </thead>
              <tbody>
                {list.items.map((k) => (
                  <tr key={k.id}>
                    <th scope="row">{k.name || text('noName')}</th>
                    <td data-label={text('key')}>
                      <code>{k.prefix}…</code>
                    </td>
                    <td data-label={text('created')}>{formatTimestamp(lang, k.created_at)}</td>
                    <td data-label={text('lastUsed')}>{formatTimestamp(lang, k.last_used_at) || '—'}</td>
                    <td data-label={text('actions')}>
                      <AskButton label={text('revoke')} accessible={text('revokeOf', { name: k.name || k.prefix })} question={text('askRevokeKey', { name: k.name || k.prefix })} yes={text('yesRevoke')} busy={revoke.isPending} danger onConfirm={() => revoke.mutate(k)} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )
        }
      </Loaded>
      <form className="co-form panel" onSubmit={submit} noValidate>
        <h2>{text('newKey')}</h2>
        <Field label={text('name')} error={errors.name} required>
          {(p) => <input {...p} maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />}
        </Field>
        <p className="help">{text('nameHint', { max: q.data?.max ?? 50 })}</p>
        <FormError error={create.error} />
        <div className="co-actions">
          <button type="submit" className="primary" disabled={create.isPending}>
            {text('createKey')}
          </button>
        </div>
      </form>
    </SettingsPage>
  );
}
