/** A cell's values: split on `|` not preceded by a backslash, `\|` and `\\` unescaped. */
export function cellValues(cell: string | undefined): string[] {
  if (!cell) return [];
  return cell
    .split(/(?<!\\)\|/)
    .map((value) => value.replace(/\\([|\\])/g, '$1').trim())
    .filter(Boolean);
}
