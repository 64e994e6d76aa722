import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Picked } from '../../shell/RecordPicker';
import { useOppText } from './opportunity.text';
import { OppForm } from './OppForm';

/**
 * "New opportunity": the button, and once pressed the form in its place (as companies and tasks are created);
 * `company` preselects the company (from a company or a person). The new record opens once created.
 */
export function NewOppButton({ company, primary = true }: { company?: Picked | null; primary?: boolean }) {
  const text = useOppText();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  if (creating) return <OppForm company={company} onSaved={(o) => void navigate(`/opportunities/${o.id}`)} onCancel={() => setCreating(false)} />;
  return (
    <p className="co-actions">
      <button type="button" className={primary ? 'primary' : undefined} onClick={() => setCreating(true)}>
        {text('newOpp')}
      </button>
    </p>
  );
}
