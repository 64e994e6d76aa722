import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, must, type QueryOf, type Schemas } from '../../lib/api';
import { useKeysetList } from '../../shell/ListScreen';

/**
 * The one react-query key scheme of custom objects: the definitions (`defs()`, every screen that names or
 * offers an object: this list, the record pages' sections, the inbound hooks' targets), one definition, a
 * object's record lists and its records.
 */
export const objectKeys = {
  all: ['objects'] as const,
  defs: () => ['objects', 'defs'] as const,
  def: (key: string) => ['objects', 'def', key] as const,
  lists: (key: string) => ['objects', 'list', key] as const,
  list: (key: string, filters: object) => ['objects', 'list', key, filters] as const,
  records: () => ['objects', 'record'] as const,
  record: (key: string, id: string | number) => ['objects', 'record', key, String(id)] as const,
  /** the relation picker's search for records of a kind or an object */
  relationPick: (kind: string, object: string | null | undefined, term: string) => ['objects', 'relation-pick', kind, object, term] as const,
};

/** The workspace's object definitions (cached across screens). */
export function useObjectDefs(enabled = true) {
  return useQuery({ queryKey: objectKeys.defs(), queryFn: async () => must(await api.GET('/api/v1/objects')).objects, enabled });
}

export function useObjectDef(key: string) {
  return useQuery({ queryKey: objectKeys.def(key), queryFn: async () => must(await api.GET('/api/v1/objects/{key}', { params: { path: { key } } })).object });
}

export function useObjectRecordList(key: string, query: QueryOf<'/api/v1/objects/{key}/records'>) {
  return useKeysetList(objectKeys.list(key, query), async (cursor) => must(await api.GET('/api/v1/objects/{key}/records', { params: { path: { key }, query: { ...query, cursor } } })));
}

export function useObjectRecord(key: string, id: string) {
  return useQuery({ queryKey: objectKeys.record(key, id), queryFn: async () => must(await api.GET('/api/v1/objects/{key}/records/{id}', { params: { path: { key, id: Number(id) } } })).record });
}

/** After a definition was saved: the definitions, that one, and every record (they show the fields) read again. */
export function useDefinitionWritten(): (saved: Schemas['CustomObject']) => void {
  const qc = useQueryClient();
  return (saved) => {
    void qc.invalidateQueries({ queryKey: objectKeys.defs() });
    void qc.invalidateQueries({ queryKey: objectKeys.def(saved.key) });
    void qc.invalidateQueries({ queryKey: objectKeys.records() });
  };
}
