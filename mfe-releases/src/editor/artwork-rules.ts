import { ARTWORK_UPLOAD_RULES } from '@tunehouse/contracts';

/**
 * What the artwork must be (ARTWORK_UPLOAD_RULES, checked again by the API by content): a square JPEG or PNG of at
 * least 3000 × 3000 pixels and at most 100 megapixels. The byte limit is the installation's; the API answers 413
 * above it.
 */
export const ARTWORK_TYPES: readonly string[] = ARTWORK_UPLOAD_RULES.types;
export const ARTWORK_MIN_EDGE = ARTWORK_UPLOAD_RULES.minEdge;

export interface ImageFacts {
  name: string;
  type: string;
  /** Unknown when the browser could not read the image. */
  width: number | null;
  height: number | null;
}

/** Every reason the image cannot be the artwork, as sentences; empty when it can. */
export function artworkProblems(image: ImageFacts): string[] {
  if (!ARTWORK_TYPES.includes(image.type)) return [`${image.name} is not a JPEG or PNG image.`];
  if (image.width === null || image.height === null)
    return ['The image could not be read. Export it again as JPEG or PNG.'];
  const problems: string[] = [];
  if (image.width !== image.height)
    problems.push(`The image is ${image.width} × ${image.height} pixels: it must be square.`);
  if (Math.min(image.width, image.height) < ARTWORK_MIN_EDGE)
    problems.push(
      `The image is too small (${image.width} × ${image.height}): at least ${ARTWORK_MIN_EDGE} × ${ARTWORK_MIN_EDGE} pixels are needed.`,
    );
  if (image.width * image.height > ARTWORK_UPLOAD_RULES.maxPixels)
    problems.push(
      `The image is too large: at most ${ARTWORK_UPLOAD_RULES.maxPixels / 1_000_000} megapixels.`,
    );
  return problems;
}

/** The pixel size of an image file, read by the browser; null when it cannot decode it. */
export async function readImageSize(file: File): Promise<{ width: number; height: number } | null> {
  if (typeof createImageBitmap !== 'function') return null;
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return null;
  }
}
