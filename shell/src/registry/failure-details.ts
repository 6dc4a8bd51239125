import type { AreaFailureKind } from '../services/area-failures.js';

/** Error codes the Module Federation runtime puts in its messages, for the two fetches a remote needs. */
const MANIFEST_NOT_FETCHED = 'RUNTIME-003';
const ENTRY_NOT_FETCHED = 'RUNTIME-008';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Library messages carry URLs (the manifest's, a documentation page's) and several lines of diagnostics; the page
 * shows only the first line, without links, so it reads as words and leaks no addresses.
 */
export function plainText(text: string, maxLength = 160): string {
  const firstLine = text.split('\n')[0] ?? '';
  const plain = firstLine
    .replace(/\s*(See )?https?:\/\/\S+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return plain.length > maxLength ? `${plain.slice(0, maxLength - 1)}…` : plain;
}

/** An area whose remote could not be fetched: which of its two files did not arrive, in words. */
export function unreachableDetail(area: string, error: unknown): string {
  const message = messageOf(error);
  const what = message.includes(MANIFEST_NOT_FETCHED)
    ? ': its manifest did not arrive'
    : message.includes(ENTRY_NOT_FETCHED)
      ? ': its code did not arrive'
      : '';
  return `area '${area}' could not be loaded${what}`;
}

export function refusedDetail(area: string, reason: string): string {
  return `area '${area}' was refused: ${plainText(reason)}`;
}

/** What a lifecycle was doing when it threw, from the status single-spa names in the error it reports. */
const PHASES: Record<string, string> = {
  NOT_BOOTSTRAPPED: 'starting',
  BOOTSTRAPPING: 'starting',
  UNMOUNTING: 'unmounting',
  UPDATING: 'updating',
};

/**
 * Sorts an error single-spa reports for an area. single-spa prefixes the area's own message with "<kind> '<name>'
 * died in status <STATUS>: ". An error while loading means the module it was given is not a set of lifecycles
 * (refused); any later one was thrown by the area's own code (crashed). A failed mount is reported once single-spa
 * has unmounted what was left, so every other status means mounting.
 */
export function classifyLifecycleError(
  area: string,
  error: unknown,
): { kind: AreaFailureKind; detail: string } {
  const message = messageOf(error);
  const match = /died in status (\w+): ([\s\S]*)$/.exec(message);
  const status = match?.[1] ?? '';
  const own = plainText(match?.[2] ?? message);
  if (status === 'LOADING_SOURCE_CODE' || status === 'NOT_LOADED')
    return { kind: 'refused', detail: refusedDetail(area, own) };
  const phase = PHASES[status] ?? 'mounting';
  return { kind: 'crashed', detail: `area '${area}' threw while ${phase}${own ? `: ${own}` : ''}` };
}
