import type { WorkspaceConstants } from './workspace.entity';

/** Where a check reports a problem: the key's path and what is wrong with it. */
export type ConstantsProblem = (path: string, msg: string) => void;

/**
 * A block of the workspace's constants that a feature owns (its keys, their values in a new workspace and their
 * checks), declared beside the feature's code. The feature adds its keys to `WorkspaceConstants` by declaration
 * merging and registers the block here when it is loaded (src/domain/crm/constants-blocks.ts); the workspace knows
 * the common lists (stages, statuses, visit types …) and merges the registered blocks into a new workspace's
 * constants and into the checks of `constants:set`.
 */
export interface ConstantsBlock {
  readonly name: string;
  /** The block's keys with their values in a new workspace, in the order `me` lists them. */
  defaults(): Partial<WorkspaceConstants>;
  /** Problems of the block's keys in a full constants object; `lists` holds the valid entries of every string list. */
  check(c: Record<string, unknown>, lists: Record<string, string[]>, problem: ConstantsProblem): void;
}

const registered = new Map<string, ConstantsBlock>();

/** Adds a block (a name registered twice with another block is a programming error); answers it as given. */
export function registerConstantsBlock<B extends ConstantsBlock>(block: B): B {
  const known = registered.get(block.name);
  if (known && known !== block) throw new Error(`constants block ${block.name} registered twice`);
  registered.set(block.name, block);
  return block;
}

/** Every registered block, in registration order. */
export const constantsBlocks = (): ConstantsBlock[] => [...registered.values()];
