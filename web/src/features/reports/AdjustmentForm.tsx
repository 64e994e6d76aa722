import type { FormEvent } from 'react';
import { api, must } from '../../lib/api';
import { useLabels } from '../../lib/labels';
import { useMe } from '../../lib/session';
import { useTeams } from './data';
import { AMOUNT_PATTERN, amountOf, PlanFormEnd, usePlanWrite, UserPeriodFields } from './plan-fields';
import { useReportText } from './reports.text';

type Item = { user_id?: number; team?: string; period: string; category: string; amount: number; note: string };

/**
 * Admins set the manager's adjustment of a user's or a team's forecast for a month or quarter and category (the API
 * refuses others); the forecast of exactly that user or team then shows it (docs/decisions/reports.md).
 */
export function AdjustmentForm() {
  const me = useMe();
  const text = useReportText();
  const label = useLabels();
  const teams = useTeams();
  const { save, done, start } = usePlanWrite(
    async (item: Item) => must(await api.PUT('/api/v1/forecast-adjustments', { body: { items: [item] } })),
    text('adjustSaved'),
  );
  if (me.user.role !== 'admin') return null;

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    start();
    const form = new FormData(e.currentTarget);
    // a team (department) chosen replaces the user: the adjustment is the team's
    const team = String(form.get('team') ?? '').trim();
    const who = team ? { team } : { user_id: Number(form.get('user')) };
    save.mutate({ ...who, period: String(form.get('period') ?? '').trim(), category: String(form.get('category') ?? ''), amount: amountOf(form.get('amount')), note: String(form.get('note') ?? '') });
  }

  const team = (
    <label>
      {text('adjustTeam')}
      <select name="team" defaultValue="">
        <option value="">{text('adjustNoTeam')}</option>
        {teams.map((x) => (
          <option key={x.name} value={x.name}>
            {x.name}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <form className="co-filters" aria-label={text('adjust')} onSubmit={submit}>
      <UserPeriodFields userLabel={text('adjustSubject')} periodLabel={text('adjustPeriod')} period="month-or-quarter" orUser={team} />
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
        <input type="text" inputMode="decimal" name="amount" required pattern={AMOUNT_PATTERN} />
      </label>
      <label>
        {text('note')}
        <input type="text" name="note" maxLength={2000} />
      </label>
      <PlanFormEnd label={text('adjust')} busy={save.isPending} error={save.error} done={done} />
    </form>
  );
}
