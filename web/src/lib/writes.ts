/** Writes by POST that change no record: sign-in, questions to Ask, Quick Entry's suggestions, a test delivery. */
const NOT_RECORD_WRITES = [/^\/api\/v1\/session$/, /^\/api\/v1\/ask$/, /^\/api\/v1\/qe\/suggest$/, /^\/api\/v1\/webhooks\/\d+\/test$/];

/** Whether a successful request changed records: a write of the REST API other than those above. */
export function isRecordWrite(method: string, path: string): boolean {
  if (method === 'GET' || method === 'HEAD' || !path.startsWith('/api/v1/')) return false;
  return !NOT_RECORD_WRITES.some((re) => re.test(path));
}
