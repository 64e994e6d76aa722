import { useState } from 'react';
import { useLocation } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { api, must } from '../../lib/api';
import { Loaded } from '../../shell/States';
import { Notice, SecretOnce, SettingsPage } from '../settings';
import { ConnectionForm } from './ConnectionForm';
import { ConnectionRow, type Said } from './ConnectionRow';
import { createBodyOf, filterOf, useDraft, type Filter } from './form-state';
import { isSigned } from './kinds';
import { kindName, useAppsText } from './apps.text';
import { useWebhooks, useWebhooksWritten } from './queries';
import './webhooks.css';

/**
 * Settings → Apps (admins): the workspace's webhook, chat and record-creation connections over /api/v1/webhooks:
 * create every kind of the API (a signing key shown once from the create's answer), edit, pause/resume, test,
 * rotate and delete (asking first), send again, and each one's delivery log. The service refuses other users (403).
 */
export default function Apps() {
  const text = useAppsText();
  const q = useWebhooks();
  // the edit screen comes back here with its notice ("Connection saved.")
  const back = useLocation().state as { note?: string } | null;
  const [said, say] = useState<Said>(() => ({ note: back?.note }));
  return (
    <SettingsPage title={text('heading')}>
      <Notice text={said.note ?? null} />
      {said.secret ? <SecretOnce label={said.secret.label} secret={said.secret.key} onDone={() => say({})} /> : null}
      <Loaded q={q}>
        {(items) =>
          items.length ? (
            <table className="co-table wh-table">
              <caption className="sr-only">{text('heading')}</caption>
              <thead>
                <tr>
                  <th scope="col">{text('colUrl')}</th>
                  <th scope="col">{text('colKind')}</th>
                  <th scope="col">{text('colEvents')}</th>
                  <th scope="col">{text('colActive')}</th>
                  <th scope="col">{text('colLatest')}</th>
                  <th scope="col" />
                </tr>
              </thead>
              <tbody>
                {items.map((c) => (
                  <ConnectionRow key={c.id} c={c} say={say} />
                ))}
              </tbody>
            </table>
          ) : (
            <p className="panel">{text('none')}</p>
          )
        }
      </Loaded>
      {q.isSuccess ? <NewConnection say={say} /> : null}
    </SettingsPage>
  );
}

/** The create form: on success the form empties and a webhook's signing key is shown once. */
function NewConnection({ say }: { say: (s: Said) => void }) {
  const text = useAppsText();
  const written = useWebhooksWritten();
  const { draft, set, reset } = useDraft();
  const [notJson, setNotJson] = useState(false);
  const create = useMutation({
    mutationFn: async (filter: Filter) => must(await api.POST('/api/v1/webhooks', { body: createBodyOf(draft, filter) })).webhook,
    onSuccess: (w) => {
      written();
      reset();
      const note = text('created', { kind: kindName(text, w.kind) });
      say(isSigned(w.kind) && w.signing_key ? { note, secret: { label: text('signingKeyOf', { url: w.url }), key: w.signing_key } } : { note });
    },
  });
  const submit = () => {
    const f = filterOf(draft.filter);
    setNotJson('notJson' in f);
    if ('filter' in f) create.mutate(f.filter);
  };
  return (
    <section aria-labelledby="wh-new">
      <h2 id="wh-new">{text('newConnection')}</h2>
      <ConnectionForm draft={draft} set={set} create error={create.error} notJson={notJson} busy={create.isPending} submit={text('create')} onSubmit={submit} />
    </section>
  );
}
