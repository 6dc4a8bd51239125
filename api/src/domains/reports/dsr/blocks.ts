import { cellValues } from './cells.js';
import type { DsrColumns, DsrRow } from './columns.js';
import { normalizeIsrc, normalizeUpc } from '../usage.js';

type Resource = { reference: string; dspId: string; isrc: string | null };
type Release = { reference: string; dspId: string; upc: string | null };
/** The releases (RE01/RE02) and sound recordings (AS01/AS02) of one BlockId, which its usage records name. */
export type DsrBlock = { id: string; releases: Release[]; resources: Resource[] };

/**
 * The block a release, resource or usage record belongs to: the current one while the BlockId stays the same, a
 * new one when it changes (only the current block is held, never the file).
 */
export function blockFor(current: DsrBlock | null, columns: DsrColumns, row: DsrRow): DsrBlock {
  const id = columns.field(row, 'BlockId') ?? '';
  return current && current.id === id ? current : { id, releases: [], resources: [] };
}

/** Adds an RE.. record to its block: the first valid ICPN is the UPC. */
export function addRelease(block: DsrBlock, columns: DsrColumns, row: DsrRow): void {
  block.releases.push({
    reference: columns.field(row, 'ReleaseReference') ?? '',
    dspId: columns.field(row, 'DspReleaseId') ?? columns.field(row, 'DspSubReleaseId') ?? '',
    upc: cellValues(columns.field(row, 'ICPN')).map(normalizeUpc).find(Boolean) ?? null,
  });
}

/** Adds an AS.. record to its block: the first valid ISRC counts. */
export function addResource(block: DsrBlock, columns: DsrColumns, row: DsrRow): void {
  block.resources.push({
    reference: columns.field(row, 'ResourceReference') ?? '',
    dspId: columns.field(row, 'DspResourceId') ?? '',
    isrc: cellValues(columns.field(row, 'ISRC')).map(normalizeIsrc).find(Boolean) ?? null,
  });
}
