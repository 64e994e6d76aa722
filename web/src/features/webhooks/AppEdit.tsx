import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { api, must } from '../../lib/api';
import { Loaded } from '../../shell/States';
import { SettingsPage } from '../settings';
import { ConnectionForm } from './ConnectionForm';
import { bodyOf, filterOf, useDraft, type Filter } from './form-state';
import { isSigned } from './kinds';
import { kindName, useAppsText } from './apps.text';
import { useWebhook, useWebhooksWritten, type Webhook } from './queries';

/** Settings → Apps → Edit: a connection's URL (or its product's settings and token), events and filter; its kind stays. */
export default function AppEdit() {
  const text = useAppsText();
  const id = Number(useParams().id);
  const q = useWebhook(id);
  return (
    <SettingsPage title={text('editTitle')}>
      <Loaded q={q}>{(c) => <EditForm key={c.id} c={c} />}</Loaded>
    </SettingsPage>
  );
}

function EditForm({ c }: { c: Webhook }) {
  const text = useAppsText();
  const navigate = useNavigate();
  const written = useWebhooksWritten();
  const { draft, set } = useDraft(c);
  const [notJson, setNotJson] = useState(false);
  const save = useMutation({
    mutationFn: async (filter: Filter) => must(await api.PATCH('/api/v1/webhooks/{id}', { params: { path: { id: c.id } }, body: bodyOf(draft, filter, true) })),
    onSuccess: () => (written(), void navigate('/settings/apps', { state: { note: text('saved') } })),
  });
  const submit = () => {
    const f = filterOf(draft.filter);
    setNotJson('notJson' in f);
    if ('filter' in f) save.mutate(f.filter);
  };
  return (
    <>
      <p className="help">
        {text('editKind', { kind: kindName(text, c.kind) })} {isSigned(c.kind) ? text('editSigned') : null}
      </p>
      <ConnectionForm draft={draft} set={set} create={false} error={save.error} notJson={notJson} busy={save.isPending} submit={text('save')} onSubmit={submit}>
        <Link to="/settings/apps">{text('cancel')}</Link>
      </ConnectionForm>
    </>
  );
}
