/** The record-opens feature's public entry: what other CRM features may use (entities are read from their own files). */
export { RecordOpensService } from './record-opens.service';
export type { OpenableType } from './record-opens.service';
