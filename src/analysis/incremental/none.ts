// The one empty list a memo entry holds where it found nothing. Most items of a
// file have no findings in most layers and declare nothing of most kinds, and
// a distinct empty array each made tens of thousands of objects that every
// full collection had to mark.
//
// Read-only by type, not frozen: V8 iterates a frozen (or sealed, or
// non-extensible) array by the generic iterator protocol, and a loop that has
// seen one does so for every array it meets after. `for…of` over memo lists
// that were sometimes this one then allocated an iterator and a result object
// per element: on a 100,000-line file about 100 MB a keystroke, and loops five
// times slower. The memo entries' lists are `readonly`, so no caller can push
// into it; test/incremental/none.test.ts checks that a replay leaves it empty.
export const NONE: readonly never[] = [];

/** `list`, or NONE when it is empty. */
export function orNone<T>(list: T[]): readonly T[] {
  return list.length === 0 ? NONE : list;
}
