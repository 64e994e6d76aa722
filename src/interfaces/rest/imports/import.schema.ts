import { z } from 'zod';
import { IMPORT_COUNTS_DESCRIPTION, IMPORT_JOB_EXAMPLE, ImportColumnSchema, ImportCountsSchema, ImportJobRecord } from '../../../domain/crm/imports/import.view';
import { example, f, named } from '../../../edge/openapi/schema';

/** The import job's schemas are its read model's (src/domain/crm/imports/import.view.ts), named here for the document. */
named('ImportCounts', ImportCountsSchema, { description: IMPORT_COUNTS_DESCRIPTION });
named('ImportColumn', ImportColumnSchema);
export const ImportJobSchema = named('ImportJob', ImportJobRecord, { description: 'An import job (docs/decisions/import.md).' });
const jobExample = example(ImportJobSchema, IMPORT_JOB_EXAMPLE);

export const ImportJobResponse = named('ImportJobResponse', z.object({ ok: f.ok(), import: ImportJobSchema }), { example: { ok: true, import: jobExample } });
export const ImportJobList = named('ImportJobList', z.object({ ok: f.ok(), items: z.array(ImportJobSchema).meta({ description: 'newest first; at most 100' }) }), {
  description: "The workspace's import jobs.",
  example: { ok: true, items: [jobExample] },
});
export const ImportErrorsCsv = named('ImportErrorsCsv', z.string().meta({ description: 'the refused rows as the original cells plus an `error` column (UTF-8 with BOM, comma-separated)' }), {
  example: '\ufeffFirma Adı,Durum,error\nAcme,Hot,"Durum: must be one of Prospect, Customer (unknown_value)"\n',
});
