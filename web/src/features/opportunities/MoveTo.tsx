import { useMe } from '../../lib/session';
import { stageLabel } from './opportunity-parts';
import { useOppText } from './opportunity.text';

/**
 * "Move to…": a card's stage move without dragging, for phones (the columns are stacked, so there is
 * nothing to drag across) and anyone who prefers a list. Choosing a stage moves at once, through the same
 * gate as a drop; the select then reads "Move to…" again.
 */
export function MoveTo({ name, stage, disabled, onMove }: { name: string; stage: string; disabled: boolean; onMove: (stage: string) => void }) {
  const c = useMe().constants;
  const text = useOppText();
  return (
    <select className="move-to" value="" disabled={disabled} aria-label={text('moveToOf', { name })} onChange={(e) => e.target.value && onMove(e.target.value)}>
      <option value="">{text('moveTo')}</option>
      {c.open_stages
        .filter((s) => s !== stage)
        .map((s) => (
          <option key={s} value={s}>
            {stageLabel(c, s)}
          </option>
        ))}
    </select>
  );
}
