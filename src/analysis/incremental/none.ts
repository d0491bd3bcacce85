// The one empty list a memo entry holds where it found nothing. Most items of a
// file have no findings in most layers and declare nothing of most kinds, and
// a distinct empty array each made tens of thousands of objects that every
// full collection had to mark. Frozen: a memo's lists are read-only once kept,
// and a push into this one would throw rather than leak into every entry.
export const NONE = Object.freeze([]) as unknown as never[];

/** `list`, or NONE when it is empty. */
export function orNone<T>(list: T[]): T[] {
  return list.length === 0 ? NONE : list;
}
