/** The one react-query key scheme of imports: `list()` the jobs, `job(id)` one job, `refused(id, state)` its refused rows. */
export const importKeys = {
  all: ['imports'] as const,
  list: () => ['imports', 'list'] as const,
  job: (id: number) => ['imports', 'job', id] as const,
  refused: (id: number, state: string) => ['imports', 'refused', id, state] as const,
};
