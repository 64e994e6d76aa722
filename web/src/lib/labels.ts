import { useCallback } from 'react';
import { useMe } from './session';
import { labelIn, type LabelList, type LabelOf } from './label-of';

export { labelIn, type LabelList, type LabelOf };

// the hooks of the labels; label-of.ts holds the pure part (testable without a browser)

/** The label function of the signed-in user's constants. */
export function useLabels(): LabelOf {
  const c = useMe().constants;
  return useCallback((list, key) => labelIn(c, list, key), [c]);
}

/** One key's label (see useLabels for many). */
export function useLabel(list: LabelList, key: string | null | undefined): string {
  return labelIn(useMe().constants, list, key);
}
