import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useObjectDefs } from '../objects/queries';
import { hookKeys } from './queries';
import { api, must, type Schemas } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { useMe } from '../../lib/session';
import { Field, FormActions, FormError, useFieldSentences } from '../../shell/forms';
import { HookMapping, objectFields, TARGET_FIELDS, type MappingRow, type Target } from './HookMapping';
import { useHookText } from './hooks.text';

type Hook = Schemas['InboundHook'];
const TARGETS: Target[] = ['lead', 'company', 'person', 'task', 'object'];
const rowsOf = (hook?: Hook): MappingRow[] =>
  hook?.mapping.map((r) => (r.path !== undefined ? { field: r.field, fixed: false, text: r.path } : { field: r.field, fixed: true, text: r.value == null ? '' : String(r.value) })) ?? [{ field: 'company', fixed: false, text: '' }];

/** A new inbound hook (POST /api/v1/hooks, answers the secret once) or a change (PATCH: name, target, mapping, owner, limit, key path). */
export function HookForm({ hook, onDone }: { hook?: Hook; onDone: (saved: Hook | null, secret?: string) => void }) {
  const t = useT();
  const text = useHookText();
  const me = useMe();
  const qc = useQueryClient();
  const [name, setName] = useState(hook?.name ?? '');
  const [target, setTarget] = useState<Target>(hook?.target ?? 'lead');
  const [mode, setMode] = useState<'bearer' | 'signature'>(hook?.auth_mode ?? 'bearer');
  const [owner, setOwner] = useState(String(hook?.owner?.id ?? me.user.id));
  const [perMinute, setPerMinute] = useState(String(hook?.per_minute ?? 60));
  const [keyPath, setKeyPath] = useState(hook?.idempotency_path ?? '');
  const [rows, setRows] = useState<MappingRow[]>(() => rowsOf(hook));
  const [objectKey, setObjectKey] = useState(hook?.object_key ?? '');
  const objects = useObjectDefs(target === 'object');
  const fieldsOf = (t: Target, key = objectKey) => (t === 'object' ? objectFields(objects.data?.find((o) => o.key === key)) : TARGET_FIELDS[t]);
  const [tried, setTried] = useState(false);
  const save = useMutation({
    mutationFn: async () => {
      const mapping = rows.map((r) => (r.fixed ? { field: r.field, value: r.text } : { field: r.field, path: r.text.trim() }));
      const body = { name: name.trim(), target, object_key: target === 'object' ? objectKey : undefined, mapping, owner_id: Number(owner), per_minute: Number(perMinute), idempotency_path: keyPath.trim() };
      if (hook) return { hook: must(await api.PATCH('/api/v1/hooks/{id}', { params: { path: { id: hook.id } }, body })).hook, secret: undefined };
      const r = must(await api.POST('/api/v1/hooks', { body: { ...body, auth_mode: mode } }));
      return { hook: r.hook, secret: r.secret };
    },
    onSuccess: (r) => {
      void qc.invalidateQueries({ queryKey: hookKeys.all });
      onDone(r.hook, r.secret);
    },
  });
  const api400 = useFieldSentences(save.error, { name: text('name'), owner_id: text('owner'), per_minute: text('perMinute'), idempotency_path: text('idempotencyPath'), object_key: text('objectKey'), '*': text('mapping') });
  const changeTarget = (next: Target) => {
    setTarget(next);
    // keep the rows whose field the new target has; start from its required field otherwise
    const kept = rows.filter((r) => fieldsOf(next).includes(r.field));
    setRows(kept.length ? kept : [{ field: fieldsOf(next)[0]!, fixed: false, text: '' }]);
  };
  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    setTried(true);
    if (!name.trim()) return;
    save.mutate();
  };
  const title = hook ? text('editHook', { name: hook.name }) : text('newHook');
  return (
    <form className="panel co-form" onSubmit={submit} noValidate aria-label={title}>
      <h2>{title}</h2>
      <div className="co-grid">
        <Field label={text('name')} required error={(tried && !name.trim() ? t('field.required', { label: text('name') }) : undefined) ?? api400.name}>
          {(p) => <input {...p} value={name} maxLength={200} autoFocus onChange={(e) => setName(e.target.value)} />}
        </Field>
        <Field label={text('target')}>
          {(p) => (
            <select {...p} value={target} onChange={(e) => changeTarget(e.target.value as Target)}>
              {TARGETS.map((x) => (
                <option key={x} value={x}>
                  {text(x)}
                </option>
              ))}
            </select>
          )}
        </Field>
        {target === 'object' ? (
          <Field label={text('objectKey')} error={api400.object_key}>
            {(p) => (
              <select {...p} value={objectKey} onChange={(e) => setObjectKey(e.target.value)}>
                <option value="">…</option>
                {(objects.data ?? []).map((o) => (
                  <option key={o.key} value={o.key}>
                    {o.label}
                  </option>
                ))}
              </select>
            )}
          </Field>
        ) : null}
        {hook ? null : (
          <Field label={text('authMode')}>
            {(p) => (
              <select {...p} value={mode} onChange={(e) => setMode(e.target.value as 'bearer' | 'signature')}>
                <option value="bearer">{text('bearer')}</option>
                <option value="signature">{text('signature')}</option>
              </select>
            )}
          </Field>
        )}
        <Field label={text('owner')} error={api400.owner_id}>
          {(p) => (
            <select {...p} value={owner} onChange={(e) => setOwner(e.target.value)}>
              {me.users.map((u) => (
                <option key={u.id} value={u.id}>
                  {u.full_name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={text('perMinute')} error={api400.per_minute}>
          {(p) => <input {...p} type="number" min={1} max={600} value={perMinute} onChange={(e) => setPerMinute(e.target.value)} />}
        </Field>
        <Field label={text('idempotencyPath')} error={api400.idempotency_path}>
          {(p) => <input {...p} value={keyPath} maxLength={200} placeholder="event_id" onChange={(e) => setKeyPath(e.target.value)} />}
        </Field>
      </div>
      <HookMapping fields={fieldsOf(target)} rows={rows} onChange={setRows} errors={api400} />
      <FormError error={save.error} />
      <FormActions pending={save.isPending} submit={hook ? t('common.save') : t('common.create')} onCancel={() => onDone(null)} />
    </form>
  );
}
