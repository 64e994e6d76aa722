import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, must } from '../../lib/api';
import { useLabels } from '../../lib/labels';
import { useMe } from '../../lib/session';
import { FormError } from '../../shell/forms';
import { useReportText } from './reports.text';
import { reportKeys } from './queries';

type Item = { user_id?: number; team?: string; period: string; category: string; amount: number; note: string };

/**
 * Admins set the manager's adjustment of a user's or a team's forecast for a month or quarter and category (the API
 * refuses others); the forecast of exactly that user or team then shows it (docs/decisions/reports.md).
 */
export function AdjustmentForm() {
  const me = useMe();
  const text = useReportText();
  const label = useLabels();
  const qc = useQueryClient();
  const [done, setDone] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: async (item: Item) => must(await api.PUT('/api/v1/forecast-adjustments', { body: { items: [item] } })),
    onSuccess: async () => {
      setDone(text('adjustSaved'));
      await qc.invalidateQueries({ queryKey: reportKeys.all });
    },
  });
  if (me.user.role !== 'admin') return null;

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setDone(null);
    const form = new FormData(e.currentTarget);
    // a team (department) named replaces the user: the adjustment is the team's
    const team = String(form.get('team') ?? '').trim();
    const who = team ? { team } : { user_id: Number(form.get('user')) };
    const amount = Number(String(form.get('amount') ?? '').replace(',', '.'));
    save.mutate({ ...who, period: String(form.get('period') ?? '').trim(), category: String(form.get('category') ?? ''), amount, note: String(form.get('note') ?? '') });
  }

  return (
    <form className="co-filters" aria-label={text('adjust')} onSubmit={submit}>
      <label>
        {text('adjustSubject')}
        <select name="user" defaultValue={String(me.user.id)}>
          {me.users.map((u) => (
            <option key={u.id} value={u.id}>
              {u.full_name}
            </option>
          ))}
        </select>
      </label>
      <label>
        {text('adjustTeam')}
        <input type="text" name="team" maxLength={100} />
      </label>
      <label>
        {text('adjustPeriod')}
        <input type="text" name="period" required pattern="\d{4}-(0[1-9]|1[0-2]|Q[1-4])" />
      </label>
      <label>
        {text('category')}
        <select name="category">
          {me.constants.forecast_cats.map((c) => (
            <option key={c} value={c}>
              {label('forecast_cats', c)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {text('amount')}
        <input type="text" inputMode="decimal" name="amount" required pattern="[0-9]+([.,][0-9]{1,2})?" />
      </label>
      <label>
        {text('note')}
        <input type="text" name="note" maxLength={2000} />
      </label>
      <button type="submit" disabled={save.isPending}>
        {text('adjust')}
      </button>
      <FormError error={save.error} />
      {done ? <p role="status">{done}</p> : null}
    </form>
  );
}
