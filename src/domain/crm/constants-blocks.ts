import { discover, discovered } from '../../platform/common/discover';
import { isConstantsBlock, registerConstantsBlock } from '../workspace/constants-blocks';

/**
 * The blocks of the workspace's constants that the CRM's features own, registered with the workspace when the CRM is
 * loaded (crm.module.ts imports this file, as it imports event-kinds.ts): a feature with constants of its own declares
 * its block beside its code (`<feature>/<feature>.constants.ts`), found here in the folders, at its `place` (the order
 * of the blocks' keys in a new workspace and in `me`, and of their labelled lists; each file states its own). No list
 * here to edit.
 */
export const CRM_CONSTANTS_BLOCKS = discovered(discover(__dirname, /^[^/]+\/[^/]+\.constants\.(?:ts|js)$/), isConstantsBlock);
for (const block of CRM_CONSTANTS_BLOCKS) registerConstantsBlock(block);
