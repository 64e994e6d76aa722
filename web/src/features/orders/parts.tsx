import type { Schemas } from '../../lib/api';
import { useOrderText } from './orders.text';

type Erp = Schemas['OrderRow']['erp'];

/** The order's state in the ERP exchange as a badge coloured by the API's tone (the label is the API's). */
export function ErpBadge({ erp }: { erp: Erp }) {
  const text = useOrderText();
  if (!erp) return <span className="or-badge">{text('erpNone')}</span>;
  // the API's `label` is English: the app says the state in the reader's language
  const label =
    erp.status === 'queued'
      ? text(erp.error ? 'erpRetrying' : 'erpQueued')
      : erp.status === 'written'
        ? erp.ext_no
          ? text('erpWrittenAs', { no: erp.ext_no })
          : text('erpWritten')
        : erp.status === 'failed'
          ? text('erpFailed')
          : erp.label;
  return <span className={`or-badge ${erp.tone}`}>{label}</span>;
}
