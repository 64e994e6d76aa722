// What other features may use of custom objects (lint: boundaries): the linked records' sections of a record page.
export { LinkedRecordsSections } from './LinkedRecords';
