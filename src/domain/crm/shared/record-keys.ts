/** Path of a record in the CRM's web UI (webhook `url`; made absolute at delivery). */
export function recordPath(type: 'company' | 'person' | 'opportunity' | 'activity' | 'task' | 'lead' | 'order' | 'ticket', id: number): string {
  const base = { company: 'companies', person: 'people', opportunity: 'opportunities', activity: 'activities', task: 'tasks', lead: 'leads', order: 'orders', ticket: 'tickets' }[type];
  return `/${base}/${id}`;
}

/** Record keys: a letter and the id (C-12 company, P-7 person, O-42 opportunity, L-3 lead, A-9 activity). */
export const rid = (prefix: 'C' | 'P' | 'O' | 'L' | 'A', id: number): string => `${prefix}-${id}`;
