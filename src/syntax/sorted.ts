// Binary search over ascending numbers, which positions, spans and the
// ledger each need.

/** How many of the ascending `values` are at most `limit`. */
export function countAtMost(values: ArrayLike<number>, limit: number): number {
  let low = 0;
  let high = values.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (values[middle]! <= limit) low = middle + 1;
    else high = middle;
  }
  return low;
}
