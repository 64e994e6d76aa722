import type { ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, must, type Paths } from '../lib/api';
import type { Lang } from '../lib/i18n';
import type { LabelOf } from '../lib/labels';
import type { Me } from '../lib/session';
import type { Feature, NavEntry } from './feature';
import { lazyScreen } from './lazy-screen';
import { useKeysetList, type Column, type FilterField } from './ListScreen';
import type { Picked } from './RecordPicker';

/**
 * A record kind the shell draws whole from its declaration (`defineRecordKind` in its feature's `routes.tsx`): its
 * list with filters in the address and a new-record form, its record with the choices that save on change, its
 * react-query keys and hooks, its addresses and navigation entry. The feature writes what is its own (words, columns,
 * fields, inputs); a kind with screens of its own (orders, opportunities) uses `recordQueries` alone.
 */

/** The words a drawn kind must have (its `screenText`): the list's heading, the record's kind, the new-record action. */
export type KindWord = 'title' | 'one' | 'new' | 'filters' | 'clear' | 'noResults' | 'saved';

/** A kind's words as `screenText` makes them: a hook, and the texts as data. */
export type KindText<W extends string> = (() => (key: W, vars?: Record<string, string | number>) => string) & { texts: Readonly<Record<Lang, Readonly<Record<W, string>>>> };

export interface Option {
  value: string;
  label: string;
}

/** What a declaration's functions read: the session, the language, the constants' labels and the kind's words. */
export interface KindContext<W extends string = string> {
  me: Me;
  lang: Lang;
  labelOf: LabelOf;
  text: (key: W, vars?: Record<string, string | number>) => string;
}

/** A value of the record changed in place (a select that saves on change with PATCH); read-only text without edit rights. */
export interface Choice<R> {
  /** The option's value the record holds ('' for none). */
  value: (r: R) => string;
  /** The text shown without edit rights. */
  shown: (r: R, c: KindContext) => string;
  /** The options; the engine adds the record's own value when the list no longer holds it. */
  options: (c: KindContext, r: R) => Option[];
  /** The PATCH body of a chosen value. */
  body: (value: string) => Record<string, unknown>;
}

/**
 * An input of the new-record form; its value is sent under `key` unless blank (a number when `number`, the chosen
 * record's id when `pick`).
 */
export interface Input<K extends string = string> {
  /** The create body's field (a declaration types it: `Input<keyof Schemas['CreateTicketDto']>`). */
  key: K;
  label: string;
  required?: boolean;
  max?: number;
  /** A box of this many rows, under the other inputs. */
  rows?: number;
  /** A select of these options (with `none` first, value '', when given). */
  options?: Option[];
  none?: string;
  /** The first value; a select's first option otherwise. */
  initial?: string;
  number?: boolean;
  /** A record picker (a company, a person: its feature's search and list key, `searchCompanies`, `companyKeys.lists()`). */
  pick?: { search: (q: string) => Promise<Picked[]>; queryKey: readonly unknown[] };
}

/** A place of a kind's records: the record or one row of the list, and the choice drawn there. */
export interface Drawn<R, W extends string = string> extends KindContext<W> {
  choice: (name: string, r: R, label: string) => ReactNode;
}

export interface RecordKind<R extends { id: number; can_edit?: boolean }, W extends string, F extends string> {
  /** The kind's plural in the API and the app's addresses (`tickets`): the root of its query keys. */
  name: string;
  /** Its list and record routes in the API, and the record's property in the record's and the create's answer. */
  api: { list: Paths; record: Paths; key: string };
  text: KindText<W | KindWord>;
  nav?: Omit<NavEntry, 'to'>;
  list: {
    path: string;
    filters: readonly F[];
    /** The list's query from the address's filters. */
    query: (values: Record<F, string>) => Record<string, unknown>;
    filterFields: (c: KindContext<W | KindWord>) => FilterField<F>[];
    columns: (c: Drawn<R, W | KindWord>) => Column<R>[];
  };
  record: {
    path: string;
    title: (r: R) => string;
    /** Under the heading (badges). */
    badges?: (r: R, c: KindContext<W | KindWord>) => ReactNode;
    fields: (r: R, c: Drawn<R, W | KindWord>) => [string, ReactNode][];
  };
  choices: Record<string, Choice<R>>;
  /** The new-record form's inputs (none: the list offers no new record). */
  inputs?: (c: KindContext<W | KindWord>) => Input[];
}

// The engine calls the routes a declaration names, typed at the declaration (its `Paths`), not here.
type Answer = { data?: unknown; error?: unknown; response: Response };
const loose = api as unknown as Record<'GET' | 'POST' | 'PATCH', (path: string, init: object) => Promise<Answer>>;

/** One page of a list answer, keyset-paged. */
type Page<R> = { items: R[]; next_cursor?: string | null };

/** The one react-query key scheme and the hooks of a kind: `lists()` every list, `detail(id)` a record. */
export function recordQueries<R extends { id: number }>(name: string, paths: { list: Paths; record: Paths; key: string }) {
  const keys = {
    all: [name] as const,
    lists: () => [name, 'list'] as const,
    list: (filters: object) => [name, 'list', filters] as const,
    detail: (id: number) => [name, 'detail', id] as const,
  };
  const read = async (path: string, init: object, key?: string) => {
    const body = must(await loose.GET(path, init)) as Record<string, unknown>;
    return (key ? body[key] : body) as unknown;
  };
  return {
    keys,
    useList: (query: object) => useKeysetList(keys.list(query), async (cursor) => (await read(paths.list, { params: { query: { ...query, cursor } } })) as Page<R>),
    useRecord: (id: number) => useQuery({ queryKey: keys.detail(id), queryFn: async () => (await read(paths.record, { params: { path: { id } } }, paths.key)) as R, enabled: Number.isSafeInteger(id) }),
    /** After a write: the answered record replaces its record (when there is one), and every list reads again. */
    useWritten: (): ((r?: R) => void) => {
      const qc = useQueryClient();
      return (r) => {
        if (r) qc.setQueryData(keys.detail(r.id), r);
        void qc.invalidateQueries({ queryKey: keys.lists() });
      };
    },
    /** A write of the kind's routes, answered with the record (`key`). */
    write: async (method: 'POST' | 'PATCH', path: Paths, init: object) => (must(await loose[method](path, init)) as Record<string, unknown>)[paths.key] as R,
  };
}

export type RecordQueries<R extends { id: number }> = ReturnType<typeof recordQueries<R>>;

const KindList = lazyScreen(() => import('./RecordKindScreens').then((m) => ({ default: m.KindList })));
const KindRecord = lazyScreen(() => import('./RecordKindScreens').then((m) => ({ default: m.KindRecord })));

/** A kind declared: its queries, and the feature (addresses, navigation) the router finds in its `routes.tsx`. */
export function defineRecordKind<R extends { id: number; can_edit?: boolean }, W extends string, const F extends string>(kind: RecordKind<R, W, F>) {
  const queries = recordQueries<R>(kind.name, kind.api);
  // the screens take any kind: the declaration's types end here
  const drawn = { kind, queries } as unknown as DrawnKind;
  const feature: Feature = {
    routes: [
      { path: kind.list.path, element: <KindList drawn={drawn} /> },
      { path: kind.record.path, element: <KindRecord drawn={drawn} /> },
    ],
    nav: kind.nav ? [{ ...kind.nav, to: kind.list.path }] : [],
  };
  return { ...queries, feature };
}

/** A kind as the screens draw it. */
export interface DrawnKind {
  kind: RecordKind<{ id: number; can_edit?: boolean }, KindWord, string>;
  queries: RecordQueries<{ id: number; can_edit?: boolean }>;
}
