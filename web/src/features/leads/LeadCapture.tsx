import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { Schemas } from '../../lib/api';
import { Loaded } from '../../shell/States';
import { LeadForm } from './LeadForm';
import { useFairs, useLeadsWritten } from './queries';
import { useLeadText } from './leads.text';
import '../../shell/screens.css';
import './leads.css';

const LAST_FAIR = 'crm.lead.fair';

/**
 * Lead capture at the stand: one screen, one call (the fairs); the fair stays chosen from lead to lead
 * (the address's fair_id, else the last one used on this device), and after saving the form is empty for the next visitor.
 */
export default function LeadCapture() {
  const text = useLeadText();
  const written = useLeadsWritten();
  const [params] = useSearchParams();
  const fairs = useFairs();
  const [saved, setSaved] = useState<Schemas['Lead'] | null>(null);
  const remembered = Number(params.get('fair_id') || localStorage.getItem(LAST_FAIR) || 0) || null;

  return (
    <section className="ld-page ld-capture">
      <h1 className="sr-only">{text('newLead')}</h1>
      {saved ? (
        <p className="ld-saved" role="status">
          {text('saved', { rid: saved.rid })} <Link to={`/leads/${saved.id}`}>{text('openSaved', { rid: saved.rid })}</Link>
        </p>
      ) : null}
      <Loaded q={fairs}>
        {(list) => (
          <LeadForm
            fairs={list}
            compact
            defaultFairId={remembered && list.some((f) => f.id === remembered) ? remembered : (list[0]?.id ?? null)}
            onSaved={(l) => {
              setSaved(l);
              if (l.fair_id) localStorage.setItem(LAST_FAIR, String(l.fair_id));
              written();
              window.scrollTo(0, 0);
            }}
          />
        )}
      </Loaded>
    </section>
  );
}
