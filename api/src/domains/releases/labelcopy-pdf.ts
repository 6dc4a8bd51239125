import { type AlbumDetail, TERRITORIES, labelCopyOf, type LabelCopyFormat } from '@tunehouse/contracts';
import { pdfText } from '../../platform/pdf-text.js';
import { pdfDocument } from '../../platform/pdf-document.js';

/**
 * The label copy as a PDF: the sheet `labelCopyOf` (in `@tunehouse/contracts`) describes, which the Releases area's
 * label copy page shows too, made from the detailed album the API answers anyway. Fonts: the PDF standard
 * Helvetica, so only what pdfText (platform/pdf-text.ts) lets through is written.
 */

// The test reads it from here.
export { pdfText };

/** `m:ss`, or `h:mm:ss` from an hour on; the page's formatDuration reads the same. */
export function formatSeconds(total: number): string {
  const seconds = Math.round(total);
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** Release dates are calendar days (`YYYY-MM-DD`); read in UTC so they never move by a day. */
function day(value: string | null | undefined): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime())
    ? value
    : date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

function territories(codes: readonly string[]): string {
  if (codes.length === 0) return 'None chosen';
  if (codes.length === TERRITORIES.length) return `Worldwide (${codes.length} territories)`;
  return `${codes.length} territor${codes.length === 1 ? 'y' : 'ies'}${codes.length <= 10 ? `: ${codes.join(', ')}` : ''}`;
}

/** The PDF writes days out in words and lists a handful of territory codes. */
const PDF_FORMAT: LabelCopyFormat = {
  day: (value) => day(value) ?? value,
  duration: formatSeconds,
  territories,
};

export interface LabelCopyPdfOptions {
  /** Deflate the page streams (the default). Tests turn it off to read the text. */
  compress?: boolean;
  /** The "as of" date in the footer and the document's creation date. */
  now?: Date;
}

/** Renders the label copy of a detailed album into a PDF document (A4). */
export function renderLabelCopyPdf(album: AlbumDetail, options: LabelCopyPdfOptions = {}): Promise<Buffer> {
  const now = options.now ?? new Date();
  const copy = labelCopyOf(album, PDF_FORMAT);
  const title = copy.title;
  const { doc, done } = pdfDocument({
    size: 'A4',
    margin: 50,
    compress: options.compress ?? true,
    info: { Title: pdfText(`Label copy: ${title}`), Creator: 'Tunehouse', CreationDate: now },
  });

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const labelWidth = 120;
  /** A label and its value side by side; the value wraps in its column, and the next row starts below both. */
  const row = (label: string, value: string, indent = 0) => {
    const y = doc.y;
    doc.font('Helvetica-Bold').fontSize(9).fillColor('#555555');
    doc.text(pdfText(label), left + indent, y, { width: labelWidth - 8 });
    const afterLabel = doc.y;
    doc.font('Helvetica').fillColor('#000000');
    doc.text(pdfText(value), left + indent + labelWidth, y, { width: width - indent - labelWidth });
    doc.y = Math.max(doc.y, afterLabel) + 2;
    doc.x = left;
  };

  doc.font('Helvetica-Bold').fontSize(18).text(pdfText(title), { width });
  doc.moveDown(0.2).font('Helvetica').fontSize(10).fillColor('#555555').text('Label copy');
  doc.fillColor('#000000').moveDown(0.8);
  for (const fact of copy.facts) row(fact.label, fact.value);

  doc.moveDown(0.8).font('Helvetica-Bold').fontSize(13).text('Tracks', left);
  doc.moveDown(0.3);
  if (copy.tracks.length === 0) doc.font('Helvetica').fontSize(10).text('No tracks yet.');
  for (const track of copy.tracks) {
    // Keep a track's heading with its first lines.
    if (doc.y > doc.page.height - doc.page.margins.bottom - 90) doc.addPage();
    doc
      .font('Helvetica-Bold')
      .fontSize(11)
      .fillColor('#000000')
      .text(pdfText(`${track.index}. ${track.title}`), left, doc.y, { width });
    doc.moveDown(0.15);
    const lines: [string, string][] = [
      ['ISRC', track.isrc ?? '—'],
      ['Length', track.length ?? '—'],
      ['Explicit', track.explicit],
      ['Artists', track.artists || 'As the release'],
      ['Credits', track.credits || '—'],
      ['℗ / ©', track.rights.join('   ') || '—'],
    ];
    if (track.original) lines.push(['Original', track.original]);
    for (const [label, value] of lines) row(label, value, 12);
    doc.moveDown(0.5);
  }

  doc.moveDown(1).font('Helvetica').fontSize(8).fillColor('#777777');
  doc.text(
    pdfText(`Label copy of ${title}, as of ${day(now.toISOString())}. Made with Tunehouse.`),
    left,
    doc.y,
    {
      width,
    },
  );
  doc.end();
  return done;
}

// The download's name is the page's too; routes.ts names the attachment with it.
export { labelCopyFileName } from '@tunehouse/contracts';
