import { useState } from 'react';
import { ApiFailure, type ApiError } from '../lib/api';
import { screenText, useLang } from '../lib/i18n';
import { errorSentence } from '../lib/errors';

const useText = screenText(
  { export: 'Export', format: 'File format', csv: 'CSV', xlsx: 'Excel (XLSX)', working: 'Exporting…' },
  { export: 'Dışa aktar', format: 'Dosya biçimi', csv: 'CSV', xlsx: 'Excel (XLSX)', working: 'Dışa aktarılıyor…' },
);

export type ExportFormat = 'csv' | 'xlsx';

/** What the export routes take besides the list's filters: the CSV that Excel opens in the user's language. */
export type ExportOptions = { format: ExportFormat; bom: '1'; delimiter: ',' | ';' };

/** One export call of the typed client, answering the file as a Blob (`parseAs: 'blob'`). */
export type ExportCall = (o: ExportOptions) => Promise<{ data?: Blob; error?: unknown; response: Response }>;

/** The file name the service gave (Content-Disposition), else a plain one. */
function fileName(r: Response, format: ExportFormat): string {
  const m = /filename="([^"]+)"/.exec(r.headers.get('Content-Disposition') ?? '');
  return m ? m[1] : `export.${format}`;
}

/**
 * "Export" on a list screen: downloads every record the list shows with its filters and sort, as CSV or
 * XLSX. A Turkish screen gets `;` and a byte order mark, which is what Excel in Turkey reads as columns.
 */
export function ExportButton({ call }: { call: ExportCall }) {
  const text = useText();
  const lang = useLang();
  const [format, setFormat] = useState<ExportFormat>('xlsx');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const run = async () => {
    setBusy(true);
    setError('');
    try {
      const r = await call({ format, bom: '1', delimiter: lang === 'tr' ? ';' : ',' });
      if (!r.data || !r.response.ok) throw new ApiFailure(r.response.status, (r.error ?? { error: 'http' }) as ApiError);
      const href = URL.createObjectURL(r.data);
      const a = document.createElement('a');
      a.href = href;
      a.download = fileName(r.response, format);
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(href), 10_000);
    } catch (e) {
      setError(errorSentence(lang, e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="co-export">
      <label>
        <span className="sr-only">{text('format')}</span>
        <select value={format} onChange={(e) => setFormat(e.target.value as ExportFormat)} aria-label={text('format')}>
          <option value="xlsx">{text('xlsx')}</option>
          <option value="csv">{text('csv')}</option>
        </select>
      </label>
      <button type="button" onClick={() => void run()} disabled={busy}>
        {busy ? text('working') : text('export')}
      </button>
      {error ? (
        <p role="alert" className="error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
