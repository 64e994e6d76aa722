import type { Schemas } from '../../lib/api';
import { useOrderText } from './orders.text';

type Erp = Schemas['OrderRow']['erp'];

/** The order's state in the ERP exchange as a badge coloured by the API's tone (the label is the API's). */
export function ErpBadge({ erp }: { erp: Erp }) {
  const text = useOrderText();
  if (!erp) return <span className="or-badge">{text('erpNone')}</span>;
  return <span className={`or-badge ${erp.tone}`}>{erp.label}</span>;
}
