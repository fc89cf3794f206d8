/**
 * Small-number suppression for management information (docs/architecture.md, "Management
 * information"). A breakdown cell that counts between 1 and 4 people could point at someone a
 * reader knows ("the one unfit manager in March"), so it is shown as "fewer than 5" instead of
 * its number. Zero identifies nobody and is shown.
 *
 * Hiding the cell is not enough where the total is published: the total minus the cells shown
 * gives back the sum of the hidden ones. So, as the ONS and NHS Digital do, further cells are
 * hidden (complementary suppression) until that sum pins down no single cell:
 * - one hidden cell would be the difference itself, so a second is hidden with it;
 * - hidden cells that sum to exactly their own number must each be 1 (a reader knows a hidden
 *   cell is not 0, because zeros are shown), so another is hidden until they do not.
 * The complement is the smallest cell still shown, which loses the least information. Where no
 * cell is left to hide, the total is hidden instead. A total below 5 is itself a small count.
 */

/** Counts from 1 up to this, excluded, are never shown. */
export const SMALL_COUNT_LIMIT = 5;

/** What a reader sees in a cell: the number, or that it is "fewer than 5". */
export type ShownCount = { suppressed: false; value: number } | { suppressed: true };

interface BreakdownCell<K extends string> {
  key: K;
  count: number;
}

export interface SuppressedBreakdown<K extends string> {
  cells: { key: K; shown: ShownCount }[];
  total: ShownCount;
}

const shown = (value: number): ShownCount => ({ suppressed: false, value });
const hidden: ShownCount = { suppressed: true };

function isSmallCount(count: number): boolean {
  return count > 0 && count < SMALL_COUNT_LIMIT;
}

/**
 * One breakdown and its total, with small cells and their complements suppressed so that no
 * suppressed cell can be worked back from the total and the cells shown.
 */
export function suppressSmallCounts<K extends string>(
  cells: readonly BreakdownCell<K>[],
): SuppressedBreakdown<K> {
  for (const cell of cells)
    if (!Number.isInteger(cell.count) || cell.count < 0)
      throw new RangeError(`A count is a whole number of people, not ${cell.count}.`);
  const total = cells.reduce((sum, cell) => sum + cell.count, 0);
  const hide = new Set<number>();
  cells.forEach((cell, i) => {
    if (isSmallCount(cell.count)) hide.add(i);
  });
  let totalHidden = isSmallCount(total);
  while (!totalHidden && workedBack(cells, hide)) {
    const complement = smallestShownPositive(cells, hide);
    if (complement === undefined) totalHidden = true;
    else hide.add(complement);
  }
  return {
    cells: cells.map((cell, i) => ({
      key: cell.key,
      shown: hide.has(i) ? hidden : shown(cell.count),
    })),
    total: totalHidden ? hidden : shown(total),
  };
}

/**
 * Whether the hidden cells can be recovered from the published total: a single hidden cell is
 * the difference; several that sum to their own number are each 1.
 */
function workedBack(cells: readonly BreakdownCell<string>[], hide: ReadonlySet<number>): boolean {
  if (hide.size === 0) return false;
  if (hide.size === 1) return true;
  let sum = 0;
  for (const i of hide) sum += cells[i]?.count ?? 0;
  return sum === hide.size;
}

function smallestShownPositive(
  cells: readonly BreakdownCell<string>[],
  hide: ReadonlySet<number>,
): number | undefined {
  let best: number | undefined;
  cells.forEach((cell, i) => {
    if (hide.has(i) || cell.count === 0) return;
    if (best === undefined || cell.count < (cells[best]?.count ?? 0)) best = i;
  });
  return best;
}

/** The reader's words for a cell. */
export function shownCountText(count: ShownCount): string {
  return count.suppressed ? "fewer than 5" : count.value.toLocaleString("en-GB");
}
