import { useQuery } from '@tanstack/react-query';
import { api, must } from '../../lib/api';
import { Field } from '../../shell/forms';
import { useWorkflowText } from './workflows.text';
import { useWorkflowNames } from './names.text';
import { CHAT_KINDS, type Action } from './model';
import { webhookKeys } from '../webhooks/queries';
import { objectKeys } from '../objects/queries';

/**
 * The forms of the actions that send something out (an e-mail, a chat message, a webhook call) or create a custom
 * record. Connections are named by their kind and address, objects by their label: names, not ids.
 */
export function OutwardForm({ action: a, onChange }: { action: Action; onChange: (a: Action) => void }) {
  const text = useWorkflowText();
  const set = (patch: Partial<Action>) => onChange({ ...a, ...patch });
  switch (a.type) {
    case 'send_email':
      return (
        <>
          <Field label={text('emailTo')}>
            {(p) => (
              <select {...p} value={a.to ?? 'owner'} onChange={(e) => set({ to: e.target.value as 'owner' | 'main_contact' })}>
                <option value="owner">{text('owner')}</option>
                <option value="main_contact">{text('mainContact')}</option>
              </select>
            )}
          </Field>
          <Field label={text('subject')} required>{(p) => <input {...p} value={a.subject ?? ''} onChange={(e) => set({ subject: e.target.value })} />}</Field>
          <Field label={text('body')} required>{(p) => <textarea {...p} rows={5} value={a.body ?? ''} onChange={(e) => set({ body: e.target.value })} />}</Field>
          <p className="help">{text('emailHelp')}</p>
        </>
      );
    case 'post_chat':
      return (
        <>
          <ConnectionSelect chat value={a.connection_id} onChange={(connection_id) => set({ connection_id })} />
          <Field label={text('message')} required>{(p) => <textarea {...p} rows={3} value={a.text ?? ''} onChange={(e) => set({ text: e.target.value })} />}</Field>
          <p className="help">{text('valuesHelp2')}</p>
        </>
      );
    case 'call_webhook':
      return (
        <>
          <ConnectionSelect chat={false} value={a.connection_id} onChange={(connection_id) => set({ connection_id })} />
          <p className="help">{text('webhookHelp')}</p>
        </>
      );
    case 'create_record':
      return <RecordFields action={a} onChange={onChange} />;
    default:
      return null;
  }
}

/** The workspace's chat (or webhook) connections, by kind and address. */
function ConnectionSelect({ chat, value, onChange }: { chat: boolean; value: number | undefined; onChange: (id: number) => void }) {
  const text = useWorkflowText();
  const names = useWorkflowNames();
  const q = useQuery({ queryKey: webhookKeys.list(), queryFn: async () => must(await api.GET('/api/v1/webhooks')).items });
  const list = (q.data ?? []).filter((c) => (chat ? (CHAT_KINDS as string[]).includes(c.kind) : c.kind === 'webhook'));
  return (
    <>
      <Field label={chat ? text('chatConnection') : text('webhookConnection')} required>
        {(p) => (
          <select {...p} value={value ?? ''} onChange={(e) => onChange(Number(e.target.value))}>
            <option value="">{text('choose')}</option>
            {list.map((c) => (
              <option key={c.id} value={c.id}>
                {`${names(`connection.${c.kind as 'slack'}`)} · ${hostOf(c.url)}`}
              </option>
            ))}
          </select>
        )}
      </Field>
      {q.data && list.length === 0 ? <p className="help">{chat ? text('noChat') : text('noWebhook')}</p> : null}
    </>
  );
}

const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

/** create_record: the object, the new record's name and, per field of the object, the record's value it takes. */
function RecordFields({ action: a, onChange }: { action: Action; onChange: (a: Action) => void }) {
  const text = useWorkflowText();
  const q = useQuery({ queryKey: objectKeys.defs(), queryFn: async () => must(await api.GET('/api/v1/objects')).objects });
  const def = q.data?.find((o) => o.key === a.object);
  const fields = (a.fields ?? {}) as Record<string, string>;
  const setField = (key: string, path: string) => {
    const { [key]: _, ...rest } = fields;
    onChange({ ...a, fields: path ? { ...rest, [key]: path } : rest });
  };
  return (
    <>
      <Field label={text('object')} required>
        {(p) => (
          <select {...p} value={a.object ?? ''} onChange={(e) => onChange({ ...a, object: e.target.value, fields: {} })}>
            <option value="">{text('choose')}</option>
            {(q.data ?? []).map((o) => (
              <option key={o.key} value={o.key}>
                {o.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={text('recordName')} required>{(p) => <input {...p} value={a.name ?? ''} onChange={(e) => onChange({ ...a, name: e.target.value })} />}</Field>
      {def?.fields.map((f) => (
        <Field key={f.key} label={text('fieldFrom', { field: f.label })}>
          {(p) => <input {...p} placeholder="record.value" value={fields[f.key] ?? ''} onChange={(e) => setField(f.key, e.target.value.trim())} />}
        </Field>
      ))}
      {def ? <p className="help">{text('fieldFromHelp')}</p> : null}
    </>
  );
}
