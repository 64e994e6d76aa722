/**
 * The one react-query key scheme of workflows: under `all` the rules (`list`, `detail`), the templates, each rule's
 * runs and the runs about a record, so a change of a rule (`all`) refreshes every screen that shows one.
 */
export const workflowKeys = {
  all: ['workflows'] as const,
  list: () => ['workflows', 'list'] as const,
  detail: (id: number) => ['workflows', 'detail', id] as const,
  templates: () => ['workflows', 'templates'] as const,
  runs: (workflowId: number) => ['workflows', 'runs', workflowId] as const,
  lastRun: (workflowId: number) => ['workflows', 'runs', workflowId, 'last'] as const,
  recordRuns: (kind: string, id: number) => ['workflows', 'record-runs', kind, id] as const,
  recordName: (kind: string, id: number) => ['workflows', 'record-name', kind, id] as const,
};
