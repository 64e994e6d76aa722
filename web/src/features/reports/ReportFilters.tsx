import type { FormEvent } from 'react';
import { useT } from '../../lib/i18n';
import { useLabels } from '../../lib/labels';
import { useMe } from '../../lib/session';
import { useTeams } from './data';
import type { ReportFilterState } from './filters';
import { useReportText } from './reports.text';

/** The dashboard's filters: period, owner, team (of those the caller may see), product and a set of stages; applied into the address. */
export function ReportFilters({ f }: { f: ReportFilterState }) {
  const me = useMe();
  const text = useReportText();
  const t = useT();
  const label = useLabels();
  const teams = useTeams();
  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const v = (k: string) => String(form.get(k) ?? '').trim();
    f.apply({ from: v('from'), to: v('to'), owner: v('owner'), team: v('team'), product: v('product'), stages: form.getAll('stages').map(String).join(',') });
  }
  return (
    <form className="co-filters rp-filters" aria-label={text('filters')} onSubmit={submit} key={JSON.stringify(f.raw)}>
      <label>
        {text('from')}
        <input type="date" name="from" defaultValue={f.query.from} required />
      </label>
      <label>
        {text('to')}
        <input type="date" name="to" defaultValue={f.query.to} required />
      </label>
      <label>
        {t('common.owner')}
        <select name="owner" defaultValue={f.raw.owner}>
          <option value="">{t('common.all')}</option>
          {me.users.map((u) => (
            <option key={u.id} value={u.id}>
              {u.full_name}
            </option>
          ))}
        </select>
      </label>
      <label>
        {text('team')}
        <select name="team" defaultValue={f.raw.team} key={teams.length}>
          <option value="">{text('allTeams')}</option>
          {/* a team from the address that is not (or no longer) in the list stays chosen: its report is empty, as the API's */}
          {[...teams.map((x) => x.name), ...(f.raw.team && !teams.some((x) => x.name === f.raw.team) ? [f.raw.team] : [])].map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </label>
      <label>
        {text('product')}
        <select name="product" defaultValue={f.raw.product}>
          <option value="">{t('common.all')}</option>
          {me.products.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
      </label>
      <fieldset className="rp-stages">
        <legend>{text('stageSet')}</legend>
        {me.constants.stages.map((s) => (
          <label key={s} className="co-check">
            <input type="checkbox" name="stages" value={s} defaultChecked={f.stageSet.includes(s)} />
            {label('stages', s)}
          </label>
        ))}
      </fieldset>
      <button type="submit">{text('show')}</button>
    </form>
  );
}
