import { z } from 'zod';
import { example, named } from '../../../edge/openapi/schema';

/** The file an export answers: CSV text (a header row, then one row per record). */
export const CsvFile = named('CsvFile', z.string().meta({ format: 'binary' }), {
  description: 'CSV, UTF-8 (with a byte order mark when `bom=1`), a header row of the API field names, then one row per record.',
});
example(CsvFile, 'id,rid,name,owner_id,owner\r\n42,C-42,Anadolu Ambalaj A.Ş.,7,Ayşe Demir\r\n');

/** The file an export answers: an Excel workbook of one sheet. */
export const XlsxFile = named('XlsxFile', z.string().meta({ format: 'binary' }), {
  description: 'An Office Open XML workbook (XLSX) of one sheet: a header row of the API field names, then one row per record.',
});
// a workbook is a zip archive: its example names what the bytes are rather than showing them
example(XlsxFile, '(binary: an XLSX workbook, a zip archive starting with PK)');
