/**
 * The one react-query key scheme of reports: every report under `all`, so a quota or forecast adjustment (`all`)
 * reads every report again; `report(name, query)` one report for its filters.
 */
export const reportKeys = {
  all: ['reports'] as const,
  report: (name: string, query: unknown) => ['reports', name, query] as const,
};
