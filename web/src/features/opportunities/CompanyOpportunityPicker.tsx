import { useT } from '../../lib/i18n';
import { RecordPicker, type Picked } from '../../shell/RecordPicker';
import { companyKeys, searchCompanies } from '../companies/queries';
import { oppKeys, searchOpenOpportunities } from './queries';

/** The company and then that company's open opportunity a new record links to (task, order); a new company clears the opportunity. */
export function CompanyOpportunityPicker({
  company,
  opp,
  onChange,
  errors,
  companyRequired,
}: {
  company: Picked | null;
  opp: Picked | null;
  onChange: (v: { company: Picked | null; opp: Picked | null }) => void;
  errors?: { customer_id?: string; opp_id?: string };
  companyRequired?: boolean;
}) {
  const t = useT();
  return (
    <>
      <RecordPicker
        label={companyRequired ? `${t('picker.company')} (${t('picker.required')})` : t('picker.company')}
        value={company}
        onChange={(c) => onChange({ company: c, opp: null })}
        search={searchCompanies}
        queryKey={companyKeys.lists()}
        error={errors?.customer_id}
      />
      <RecordPicker
        label={t('picker.opportunity')}
        value={opp}
        onChange={(o) => onChange({ company, opp: o })}
        search={searchOpenOpportunities(company?.id ?? 0)}
        queryKey={oppKeys.open(company?.id)}
        error={errors?.opp_id}
        disabled={!company}
      />
    </>
  );
}
