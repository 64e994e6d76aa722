import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { useNameOf } from './names.text';
import { recordPath } from './model';
import { workflowKeys } from './queries';

/** The name a record's own GET answers, per kind (the run and simulation answers carry ids only). */
async function readName(kind: string, id: number): Promise<string | null> {
  const p = { params: { path: { id } } };
  const pick = (r: { data?: unknown }, key: string, field: string) => ((r.data as Record<string, Record<string, unknown>> | undefined)?.[key]?.[field] as string | undefined) ?? null;
  switch (kind) {
    case 'opportunity':
      return pick(await api.GET('/api/v1/opportunities/{id}', p), 'opp', 'name');
    case 'company':
      return pick(await api.GET('/api/v1/companies/{id}', p), 'company', 'name');
    case 'person':
      return pick(await api.GET('/api/v1/people/{id}', p), 'person', 'name');
    case 'lead':
      return pick(await api.GET('/api/v1/leads/{id}', p), 'lead', 'company');
    case 'task':
      return pick(await api.GET('/api/v1/tasks/{id}', p), 'task', 'title');
    case 'ticket':
      return pick(await api.GET('/api/v1/tickets/{id}', p), 'ticket', 'subject');
    default:
      return null;
  }
}

/**
 * A record by its name, linked to its page (“opportunity 12” until the name is read, or when it is gone). A run's
 * answer names its records (`name`, null when the reader does not see one): then nothing is read.
 */
export function RecordName({ kind, id, name }: { kind: string; id: number; name?: string | null }) {
  const nameOf = useNameOf();
  const q = useQuery({ queryKey: workflowKeys.recordName(kind, id), queryFn: () => readName(kind, id), staleTime: 60_000, enabled: name === undefined });
  const label = name || q.data || `${nameOf('kind', kind)} ${id}`;
  const path = recordPath(kind, id);
  return path ? <Link to={path}>{label}</Link> : <span>{label}</span>;
}
