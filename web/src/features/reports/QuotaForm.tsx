import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, must } from '../../lib/api';
import { useMe } from '../../lib/session';
import { FormError } from '../../shell/forms';
import { useReportText } from './reports.text';
import { reportKeys } from './queries';

/** Admins set a user's quota for a month (the API refuses others), which the forecast compares with what was won. */
export function QuotaForm() {
  const me = useMe();
  const text = useReportText();
  const qc = useQueryClient();
  const [done, setDone] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: async (item: { user_id: number; month: string; amount: number }) => must(await api.PUT('/api/v1/quotas', { body: { items: [item] } })),
    onSuccess: async () => {
      setDone(text('quotaSaved'));
      await qc.invalidateQueries({ queryKey: reportKeys.all });
    },
  });
  if (me.user.role !== 'admin') return null;

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setDone(null);
    const form = new FormData(e.currentTarget);
    save.mutate({ user_id: Number(form.get('user')), month: String(form.get('month') ?? ''), amount: Number(String(form.get('amount') ?? '').replace(',', '.')) });
  }

  return (
    <form className="co-filters" aria-label={text('setQuota')} onSubmit={submit}>
      <label>
        {text('user')}
        <select name="user" defaultValue={String(me.user.id)}>
          {me.users.map((u) => (
            <option key={u.id} value={u.id}>
              {u.full_name}
            </option>
          ))}
        </select>
      </label>
      <label>
        {text('month')}
        <input type="month" name="month" required />
      </label>
      <label>
        {text('quota')}
        <input type="text" inputMode="decimal" name="amount" required pattern="[0-9]+([.,][0-9]{1,2})?" />
      </label>
      <button type="submit" disabled={save.isPending}>
        {text('setQuota')}
      </button>
      <FormError error={save.error} />
      {done ? <p role="status">{done}</p> : null}
    </form>
  );
}
