/**
 * Whether a bank account's holder is the account's verified legal name (docs/decisions/0062-verified-supplier-and-names.md). Banks and people
 * write the same name differently — "Lindqvist, Mara", "MARA LINDQVIST", "Mara J. Lindqvist", "Zoë" as "Zoe" —
 * so both are reduced to name parts first:
 *
 * 1. Unicode NFKD, then combining marks dropped (é → e, ö → o; ß stays ß and ø stays ø: they are letters, not
 *    accents), lower case;
 * 2. everything that is not a letter or a digit (punctuation, hyphens, apostrophes, whitespace) splits parts, so
 *    "Anne-Marie O'Neil" is anne, marie, o, neil.
 *
 * The holder matches when the parts are the same set in any order, or when one of the two is the other with
 * middle names or initials left out: the first and the last part of the shorter are those of the longer and
 * every part of the shorter appears in the longer — "Mara Lindqvist" matches "Mara J. Lindqvist" and "Mara Jonna
 * Lindqvist", an initial matching a part it begins ("M Lindqvist" ≈ "Mara Lindqvist"). A single part never
 * matches a longer name (a first name alone is not a person), and nothing else is guessed: "Mara Berg" is not
 * "Mara Lindqvist" and goes to an administrator.
 */
export function nameParts(name: string): string[] {
  return name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** `part` written in full or as its initial. */
const samePart = (short: string, long: string) =>
  short === long || (short.length === 1 && long.startsWith(short));

/** The shorter name is the longer with middle parts or initials left out (order of the remaining kept). */
function isAbridgement(short: string[], long: string[]): boolean {
  if (short.length < 2 || short.length > long.length) return false;
  if (!samePart(short[0]!, long[0]!) || !samePart(short[short.length - 1]!, long[long.length - 1]!))
    return false;
  let at = 1;
  for (const part of short.slice(1, -1)) {
    while (at < long.length - 1 && !samePart(part, long[at]!)) at += 1;
    if (at >= long.length - 1) return false;
    at += 1;
  }
  return true;
}

export function holderMatchesVerifiedName(holder: string, verifiedName: string): boolean {
  const a = nameParts(holder);
  const b = nameParts(verifiedName);
  if (a.length === 0 || b.length === 0) return false;
  const sorted = (parts: string[]) => [...parts].sort().join(' ');
  if (sorted(a) === sorted(b)) return true;
  // "Lindqvist, Mara J." against "Mara Jonna Lindqvist": the family name first, as banks often write it.
  const rotated = (parts: string[]) => [...parts.slice(1), parts[0]!];
  return [a, rotated(a)].some((holderParts) =>
    holderParts.length <= b.length ? isAbridgement(holderParts, b) : isAbridgement(b, holderParts),
  );
}
