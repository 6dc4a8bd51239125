import type { CatalogueEntry, CatalogueLookup } from './catalogue.js';
import type { StagedRow } from './load-types.js';
import type { UsageRow } from './usage.js';

/**
 * Resolves usage rows in batches, remembering answers (a report names the same ISRC in many territories). Takes
 * rows one by one or already in arrays (the DSR parser hands over a chunk's rows at once).
 */
export async function* resolveRows(
  rows: AsyncIterable<UsageRow | readonly UsageRow[]>,
  catalogue: CatalogueLookup,
  batchSize = 5000,
): AsyncGenerator<StagedRow[]> {
  const isrcs = new Map<string, CatalogueEntry | null>();
  const upcs = new Map<string, CatalogueEntry | null>();
  let batch: UsageRow[] = [];
  const flush = async (): Promise<StagedRow[]> => {
    const newIsrcs = new Set<string>();
    const newUpcs = new Set<string>();
    for (const row of batch) {
      if (row.isrc) {
        if (!isrcs.has(row.isrc)) newIsrcs.add(row.isrc);
      } else if (row.upc && !upcs.has(row.upc)) newUpcs.add(row.upc);
    }
    if (newIsrcs.size || newUpcs.size) {
      const found = await catalogue.resolve([...newIsrcs], [...newUpcs]);
      for (const isrc of newIsrcs) isrcs.set(isrc, found.byIsrc.get(isrc) ?? null);
      for (const upc of newUpcs) upcs.set(upc, found.byUpc.get(upc) ?? null);
    }
    // The rows become staged rows in place (no copy per line): nothing else holds them.
    const staged = batch as unknown as StagedRow[];
    for (const row of staged) {
      const entry = row.isrc ? (isrcs.get(row.isrc) ?? null) : row.upc ? (upcs.get(row.upc) ?? null) : null;
      row.entry = entry;
      // The raw line is kept only where an admin will read it.
      if (entry) row.raw = null;
    }
    batch = [];
    return staged;
  };
  for await (const item of rows) {
    if (Array.isArray(item)) for (const row of item as readonly UsageRow[]) batch.push(row);
    else batch.push(item as UsageRow);
    if (batch.length >= batchSize) yield await flush();
  }
  if (batch.length) yield await flush();
}
