import { useQuery } from '@tanstack/react-query';
import { api, must } from '../../lib/api';
import { MATCH_KEYS, TARGET_FIELDS, useFieldText, useImportText, type Target } from './imports.text';
import { objectKeys } from '../objects/queries';

/** One target of the mapping screen: its value for the API, its label, its fields with labels and its match keys. */
export interface TargetChoice {
  value: string;
  label: string;
  fields: { field: string; label: string }[];
  matchKeys: { key: string; label: string }[];
}

const BUILTIN = Object.keys(TARGET_FIELDS) as Target[];

/**
 * The targets the mapping offers: the built-in ones (fields repeated from the service, docs/decisions/import.md)
 * and each custom object (`object:<key>`) with its fields by their labels, read from GET /api/v1/objects
 * (answered only to users with the Customers module; without it no custom object is offered).
 */
export function useTargets(): TargetChoice[] {
  const text = useImportText();
  const fieldText = useFieldText();
  const objects = useQuery({ queryKey: objectKeys.defs(), queryFn: async () => must(await api.GET('/api/v1/objects')).objects, retry: false });
  const builtin = BUILTIN.map((t) => ({
    value: t,
    label: text(t),
    fields: TARGET_FIELDS[t].map((f) => ({ field: f, label: fieldText(f) })),
    matchKeys: MATCH_KEYS[t].map((k) => ({ key: k, label: fieldText(k) })),
  }));
  const custom = (objects.data ?? []).map((o) => ({
    value: `object:${o.key}`,
    label: o.label,
    fields: [{ field: 'id', label: fieldText('id') }, { field: 'name', label: fieldText('name') }, ...o.fields.map((f) => ({ field: `fields.${f.key}`, label: f.label }))],
    matchKeys: [{ key: 'id', label: fieldText('id') }, { key: 'name', label: fieldText('name') }],
  }));
  return [...builtin, ...custom];
}

/** A target's label for lists and counts ("object:sites" by the object's label when known). */
export function useTargetLabel(): (target: string) => string {
  const targets = useTargets();
  return (target) => targets.find((t) => t.value === target)?.label ?? target;
}
