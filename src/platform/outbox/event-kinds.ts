import { inPlaceOrder } from '../common/discover';

/**
 * The event kinds the outbox carries. The platform knows none of them: each feature declares its kinds beside
 * the code that records them (name, the top-level fields of `data`, the licence module a reader needs), adds
 * the names to `EventNames` by declaration merging (so `DomainEvent.event` stays a checked union), and the
 * domain registers the declared lists here once, each at its `place`: the order webhooks, the journal and the API
 * list them.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the features' declarations (declare module)
export interface EventNames {}

/** The name of a declared event kind. */
export type EventName = keyof EventNames & string;

/** One event kind as its feature declares it. */
export interface EventKind {
  readonly name: EventName;
  /** What happens, as the app words a rule's trigger after "when", in each language ("a lead comes in"). */
  readonly label: { readonly en: string; readonly tr: string };
  /** The licence module a user needs to read events of this kind (the journal). */
  readonly module: string;
  /** The top-level fields of its `data` in their documented order (webhook filters, spreadsheet rows). */
  readonly dataFields: readonly string[];
  /**
   * The record an event of this kind is about, for who may read it in the journal: its `record_type` and the table
   * that holds it (a reader who is no admin sees the event while they see the record's owner, or its assignee with
   * `assigneeSees`). Without it only admins read the kind's events.
   */
  readonly record?: { readonly type: string; readonly table: string; readonly assigneeSees?: boolean };
}

/** A feature's event kinds and the place of its list among the features' lists (lower first). */
export interface EventKindList {
  readonly place: number;
  readonly kinds: readonly EventKind[];
}

/** Whether a value is an `EventKindList` (what a feature's event file exports, found by the domain). */
export const isEventKindList = (v: unknown): v is EventKindList =>
  typeof v === 'object' && v !== null && typeof (v as EventKindList).place === 'number' && Array.isArray((v as EventKindList).kinds);

const registered = new Map<string, EventKind>();

/** Adds kinds to the registry (a name declared twice is a programming error); answers them as given. */
export function registerEventKinds<const K extends readonly EventKind[]>(kinds: K): K {
  for (const k of kinds) {
    if (registered.has(k.name) && registered.get(k.name) !== k) throw new Error(`event kind ${k.name} registered twice`);
    registered.set(k.name, k);
  }
  return kinds;
}

/**
 * Registers the features' lists in the order of their places (two lists at one place are a programming error: the
 * order would be the files'); answers every kind of them in that order.
 */
export function registerEventKindLists(lists: readonly EventKindList[]): EventKind[] {
  return [...registerEventKinds(inPlaceOrder(lists, 'event kind lists').flatMap((l) => l.kinds))];
}

/** Every registered kind, in registration order. */
export const eventKinds = (): EventKind[] => [...registered.values()];

/** A registered kind by name, or undefined (a name no feature declared). */
export const eventKind = (name: string): EventKind | undefined => registered.get(name);
