import type { FormEvent } from 'react';
import { api, must } from '../../lib/api';
import { useMe } from '../../lib/session';
import { AMOUNT_PATTERN, amountOf, PlanFormEnd, usePlanWrite, UserPeriodFields } from './plan-fields';
import { useReportText } from './reports.text';

/** Admins set a user's quota for a month (the API refuses others), which the forecast compares with what was won. */
export function QuotaForm() {
  const me = useMe();
  const text = useReportText();
  const { save, done, start } = usePlanWrite(
    async (item: { user_id: number; month: string; amount: number }) => must(await api.PUT('/api/v1/quotas', { body: { items: [item] } })),
    text('quotaSaved'),
  );
  if (me.user.role !== 'admin') return null;

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    start();
    const form = new FormData(e.currentTarget);
    save.mutate({ user_id: Number(form.get('user')), month: String(form.get('period') ?? ''), amount: amountOf(form.get('amount')) });
  }

  return (
    <form className="co-filters" aria-label={text('setQuota')} onSubmit={submit}>
      <UserPeriodFields userLabel={text('user')} periodLabel={text('month')} period="month" />
      <label>
        {text('quota')}
        <input type="text" inputMode="decimal" name="amount" required pattern={AMOUNT_PATTERN} />
      </label>
      <PlanFormEnd label={text('setQuota')} busy={save.isPending} error={save.error} done={done} />
    </form>
  );
}
