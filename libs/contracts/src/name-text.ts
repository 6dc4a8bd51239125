import { z } from 'zod';

/**
 * Names and billing fields (N10 of the 2026-11-27 review; docs/decisions/0062-verified-supplier-and-names.md). A
 * name is printed on invoices, statements, DDEX messages and e-mail subjects, and read by people who must be able
 * to tell who it is. Refused, each as a field error on the field's path:
 *
 * - bidi controls: the embeddings and overrides U+202A–202E, the isolates U+2066–2069, the marks U+200E/U+200F and
 *   the Arabic letter mark U+061C — they reorder what is shown ("Mara" can be made to read as someone else) while
 *   the letters stay. Arabic and Hebrew letters themselves are fine: only the invisible controls are refused.
 * - line breaks: CR, LF, NEL, U+2028 and U+2029 — a name is one line (headers, CSV cells, PDF lines).
 * - text made only of invisible characters: whitespace, zero-width space/joiners (U+200B–200D), word joiner
 *   (U+2060), BOM (U+FEFF), soft hyphen and the Hangul fillers — a "name" nobody can see.
 *
 * Other fields (titles, descriptions, lyrics) keep the general rule of api/src/platform/invalid-text.ts.
 */
export const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/;
const LINE_BREAKS = /[\r\n\u0085\u2028\u2029]/;
// U+034F (combining grapheme joiner) outside the class: a combining mark inside one reads as misleading.
const INVISIBLE_ONLY = /^(?:[\s\u200B-\u200D\u2060\uFEFF\u00AD\u115F\u1160\u180E\u3164\uFFA0]|\u034F)*$/;

/** What is wrong with a name, in words for the person typing it; null when nothing is. */
export function nameTextProblem(value: string): string | null {
  if (BIDI_CONTROLS.test(value)) return 'must not contain text-direction control characters';
  if (LINE_BREAKS.test(value)) return 'must be one line, without line breaks';
  if (value.length > 0 && INVISIBLE_ONLY.test(value)) return 'must contain visible characters';
  return null;
}

/** A refinement for a name-like string schema: `z.string().trim().min(2).superRefine(refuseUnsafeName)`. */
export function refuseUnsafeName(value: string, context: z.RefinementCtx): void {
  const problem = nameTextProblem(value);
  if (problem) context.addIssue({ code: 'custom', message: `This ${problem}` });
}

/** A single-line name, trimmed, from `min` to `max` characters, refused per the rules above. */
export const nameTextSchema = (max: number, min = 1) =>
  z.string().trim().min(min).max(max).superRefine(refuseUnsafeName);
