import { types } from 'pg';

/**
 * Dates stay `YYYY-MM-DD` strings (no time-zone shift through JS Date); numeric and bigint come back
 * as numbers (amounts and counts here are well inside double precision).
 */
types.setTypeParser(1082, (v: string) => v); // date
types.setTypeParser(1700, (v: string) => (v === null ? null : Number(v))); // numeric
types.setTypeParser(20, (v: string) => (v === null ? null : Number(v))); // int8
