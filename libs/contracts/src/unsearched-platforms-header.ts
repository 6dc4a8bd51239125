import { PLATFORMS } from './platforms.js';
import { type UnsearchedPlatform, unsearchedPlatformSchema } from './artist.js';

/**
 * The header of GET /v1/artists/suggestions that names the asked platforms whose own catalogue was not searched,
 * and why (decision 0066): an RFC 8941 structured-field dictionary of the platform (its key, lowercase as
 * dictionary keys must be) and the reason (a token), e.g. `spotify=NOT_CONFIGURED, apple_music=UNAVAILABLE`.
 * Absent when every asked catalogue was searched (an empty dictionary is sent as no field at all).
 */
export const UNSEARCHED_PLATFORMS_HEADER = 'X-Unsearched-Platforms';

/** The header's value; null when there is nothing to say (then the header is left out). */
export function formatUnsearchedPlatforms(unsearched: readonly UnsearchedPlatform[]): string | null {
  if (unsearched.length === 0) return null;
  return unsearched.map(({ platform, reason }) => `${platform.toLowerCase()}=${reason}`).join(', ');
}

const KNOWN: ReadonlySet<string> = /*#__PURE__*/ new Set(PLATFORMS);

/**
 * The header read back. Members this client does not know (a platform or reason added later, a bare key) are
 * skipped rather than failing the answer they came with; a missing header is an empty list.
 */
export function parseUnsearchedPlatforms(value: string | null | undefined): UnsearchedPlatform[] {
  if (!value) return [];
  return value.split(',').flatMap((member) => {
    const [key, reason, ...rest] = member.trim().split('=');
    const platform = key?.trim().toUpperCase() ?? '';
    if (rest.length > 0 || !KNOWN.has(platform)) return [];
    const parsed = unsearchedPlatformSchema.safeParse({ platform, reason: reason?.trim() });
    return parsed.success ? [parsed.data] : [];
  });
}
