import type * as z from 'zod/v4';
import type { LabelMap } from './labels';
import type { WorkspaceConstants } from './workspace.entity';

/** Where a check reports a problem: the key's path and what is wrong with it. */
export type ConstantsProblem = (path: string, msg: string) => void;

/** A string list of a block: checked like the common lists (entries non-empty strings, none twice). */
export interface ConstantsList {
  readonly name: string;
  /** Its entries are stored as keys in varchar(40) columns: at most 40 characters each. */
  readonly keys?: boolean;
  /** It must have at least one entry. */
  readonly nonEmpty?: boolean;
  /** A person reads its entries: they have labels per language (`constants.labels`, labels.ts). */
  readonly labelled?: boolean;
}

/**
 * A block of the workspace's constants that a feature owns, declared beside the feature's code: its keys, their
 * values in a new workspace, their checks, its string lists, the default labels of those a person reads and the keys'
 * schema in `me`. The feature adds its keys to `WorkspaceConstants` by declaration merging (and its labelled lists to
 * `BlockLabelLists`); the CRM registers its features' blocks when it is loaded (src/domain/crm/constants-blocks.ts finds
 * them); the workspace
 * knows the common lists (stages, statuses, visit types …) and merges the registered blocks into a new workspace's
 * constants, the checks of `constants:set`, the labels and `me`.
 */
export interface ConstantsBlock {
  readonly name: string;
  /** Its place among the blocks (lower first): the order of their keys in a new workspace and in `me`, and of their lists. */
  readonly place: number;
  /** The block's keys with their values in a new workspace, in the order `me` lists them. */
  defaults(): Partial<WorkspaceConstants>;
  /** Problems of the block's keys in a full constants object; `lists` holds the valid entries of every string list. */
  check(c: Record<string, unknown>, lists: Record<string, string[]>, problem: ConstantsProblem): void;
  readonly lists?: readonly ConstantsList[];
  /** The default labels of its labelled lists' default entries, in English and Turkish. */
  readonly labels?: { readonly en: LabelMap; readonly tr: LabelMap };
  /** Its keys' schemas in `me`'s constants (GET /api/v1/me), when the block declares them. */
  readonly schema?: Readonly<Record<string, z.ZodType>>;
}

/** Whether a value is a `ConstantsBlock` (what a feature's constants file exports, found by the domain). */
export const isConstantsBlock = (v: unknown): v is ConstantsBlock =>
  typeof v === 'object' && v !== null && typeof (v as ConstantsBlock).name === 'string' && typeof (v as ConstantsBlock).place === 'number' && typeof (v as ConstantsBlock).defaults === 'function' && typeof (v as ConstantsBlock).check === 'function';

const registered = new Map<string, ConstantsBlock>();
let ordered: ConstantsBlock[] = [];

/**
 * Adds a block (a name registered twice with another block, or two blocks at one place, is a programming error: the
 * order would be the files'); answers it as given.
 */
export function registerConstantsBlock<B extends ConstantsBlock>(block: B): B {
  const known = registered.get(block.name);
  if (known && known !== block) throw new Error(`constants block ${block.name} registered twice`);
  const taken = [...registered.values()].find((b) => b !== block && b.place === block.place);
  if (taken) throw new Error(`constants blocks ${taken.name} and ${block.name} at one place (${block.place})`);
  registered.set(block.name, block);
  ordered = [...registered.values()].sort((a, b) => a.place - b.place);
  return block;
}

/** Every registered block, in the order of their places. */
export const constantsBlocks = (): readonly ConstantsBlock[] => ordered;

/** The string lists of every registered block. */
export const blockLists = (): ConstantsList[] => constantsBlocks().flatMap((b) => b.lists ?? []);

/** A list whose entries must all be entries of another list (`lists`: the valid entries of each). */
export function subsetOf(lists: Record<string, string[]>, problem: ConstantsProblem, key: string, of: string): void {
  for (const s of lists[key] ?? []) if (!(lists[of] ?? []).includes(s)) problem(key, `${s} is not one of ${of}`);
}

/** A key that must be a string, an entry of a list and, with `not`, not one of another. */
export function memberOf(c: Record<string, unknown>, lists: Record<string, string[]>, problem: ConstantsProblem, key: string, of: string, not?: string): void {
  const v = c[key];
  if (v === undefined) return;
  if (typeof v !== 'string') return problem(key, 'must be a string');
  if (!(lists[of] ?? []).includes(v)) problem(key, `not one of ${of}`);
  else if (not && (lists[not] ?? []).includes(v)) problem(key, `must not be one of ${not}`);
}
