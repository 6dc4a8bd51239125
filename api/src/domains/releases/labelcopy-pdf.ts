import {
  type AlbumDetail,
  CREDIT_ROLE_NAMES,
  PLATFORM_NAMES,
  TERRITORIES,
  type Track,
} from '@tunehouse/contracts';
import PDFDocument from 'pdfkit';

/**
 * The label copy as a PDF: the same sheet as the Releases area's label copy page (mfe-releases
 * `release/labelcopy-page.tsx`), made from the detailed album the API answers anyway.
 *
 * Fonts: the PDF standard Helvetica, so nothing is embedded or read from the machine. It covers Windows-1252
 * only; other characters are written without their accents where that gives Latin letters, else as "?", and ℗
 * (not in the code page) as "(P)". Scripts such as Cyrillic or CJK need an embedded Unicode font.
 */

/** The characters of Windows-1252 above Latin-1 that Helvetica's encoding in pdfkit maps (its WIN_ANSI_MAP). */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

function encodable(char: string): boolean {
  const code = char.codePointAt(0)!;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(char);
}

/** Text Helvetica can show: see the note above. Exported for the test. */
export function pdfText(text: string): string {
  let out = '';
  for (const char of text
    .normalize('NFC')
    .replaceAll('℗', '(P)')
    .replace(/[\t\r\n]+/g, ' ')) {
    if (encodable(char)) out += char;
    else {
      const bare = char.normalize('NFD').replace(/\p{M}/gu, '');
      out += [...bare].every(encodable) && bare !== '' ? bare : '?';
    }
  }
  return out;
}

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

/** `ELECTRONIC` → `Electronic`, `HIP_HOP_RAP` → `Hip hop rap`. */
const words = (value: string | null | undefined) =>
  value ? value.charAt(0) + value.slice(1).toLowerCase().replaceAll('_', ' ') : null;

export function releaseTitle(album: Pick<AlbumDetail, 'title' | 'version'>): string {
  return `${album.title || 'Untitled'}${album.version ? ` (${album.version})` : ''}`;
}

function territories(codes: readonly string[]): string {
  if (codes.length === 0) return 'None chosen';
  if (codes.length === TERRITORIES.length) return `Worldwide (${codes.length} territories)`;
  return `${codes.length} territor${codes.length === 1 ? 'y' : 'ies'}${codes.length <= 10 ? `: ${codes.join(', ')}` : ''}`;
}

const liveTracks = (album: AlbumDetail) =>
  album.tracks.filter((track) => !track.deletedAt).sort((a, b) => a.index - b.index);

function credits(track: Track): string {
  return track.contributors
    .map(
      (contributor) =>
        `${CREDIT_ROLE_NAMES[contributor.role]}: ${contributor.name}${contributor.publisher ? ` (${contributor.publisher})` : ''}`,
    )
    .join('; ');
}

function albumRows(album: AlbumDetail): [string, string | null | undefined][] {
  const artists = album.artists ?? [];
  const tracks = liveTracks(album);
  const total = tracks.reduce((sum, track) => sum + (track.audio?.original.duration ?? 0), 0);
  const platforms = album.platforms ?? [];
  return [
    [
      'Artist',
      artists
        .filter((a) => a.role === 'PRIMARY')
        .map((a) => a.name)
        .join(', '),
    ],
    [
      'Featuring',
      artists
        .filter((a) => a.role === 'FEATURING')
        .map((a) => a.name)
        .join(', '),
    ],
    ['Type', words(album.format)],
    ['Label', album.recordLabel],
    ['Catalogue number', album.catalogNumber],
    ['UPC/EAN', album.barcode],
    ['Release date', day(album.releaseDate)],
    ['Original release date', day(album.originalReleaseDate)],
    ['Genre', [words(album.primaryGenre), words(album.secondaryGenre)].filter(Boolean).join(', ')],
    ['Language', album.language],
    ['Recorded at', album.recordingLocation],
    ['℗', album.pLine],
    ['©', album.cLine],
    ['Tracks', `${tracks.length}${total > 0 ? `, ${formatSeconds(total)}` : ''}`],
    ['Territories', territories(album.territories ?? [])],
    [
      'Platforms',
      platforms.length === 0
        ? 'None chosen'
        : `${platforms.length}: ${platforms.map((platform) => PLATFORM_NAMES[platform]).join(', ')}`,
    ],
  ];
}

function trackLines(track: Track): [string, string][] {
  const original = track.original
    ? `${track.cover ? 'Cover' : 'Remix'} of “${track.original.title}” by ${track.original.artist}`
    : '';
  const lines: [string, string][] = [
    ['ISRC', track.isrc ?? '—'],
    ['Length', track.audio ? formatSeconds(track.audio.original.duration) : '—'],
    [
      'Explicit',
      track.explicit
        ? 'Explicit'
        : track.clean
          ? 'Clean version'
          : track.instrumental
            ? 'Instrumental'
            : 'No',
    ],
    [
      'Artists',
      track.artists
        .map((artist) => `${artist.name}${artist.role === 'FEATURING' ? ' (feat.)' : ''}`)
        .join(', ') || 'As the release',
    ],
    ['Credits', credits(track) || '—'],
    [
      '℗ / ©',
      [track.pLine && `℗ ${track.pLine}`, track.cLine && `© ${track.cLine}`].filter(Boolean).join('   ') ||
        '—',
    ],
  ];
  if (original) lines.push(['Original', original]);
  return lines;
}

export interface LabelCopyPdfOptions {
  /** Deflate the page streams (the default). Tests turn it off to read the text. */
  compress?: boolean;
  /** The "as of" date in the footer and the document's creation date. */
  now?: Date;
}

/** Renders the label copy of a detailed album into a PDF document (A4). */
export function renderLabelCopyPdf(album: AlbumDetail, options: LabelCopyPdfOptions = {}): Promise<Buffer> {
  const now = options.now ?? new Date();
  const title = releaseTitle(album);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    compress: options.compress ?? true,
    info: { Title: pdfText(`Label copy: ${title}`), Creator: 'Tunehouse', CreationDate: now },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
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
  for (const [label, value] of albumRows(album)) if (value) row(label, value);

  doc.moveDown(0.8).font('Helvetica-Bold').fontSize(13).text('Tracks', left);
  doc.moveDown(0.3);
  const tracks = liveTracks(album);
  if (tracks.length === 0) doc.font('Helvetica').fontSize(10).text('No tracks yet.');
  for (const track of tracks) {
    // Keep a track's heading with its first lines.
    if (doc.y > doc.page.height - doc.page.margins.bottom - 90) doc.addPage();
    const heading = `${track.index}. ${track.title || 'Untitled'}${track.version ? ` (${track.version})` : ''}${track.explicit ? ' [Explicit]' : ''}`;
    doc
      .font('Helvetica-Bold')
      .fontSize(11)
      .fillColor('#000000')
      .text(pdfText(heading), left, doc.y, { width });
    doc.moveDown(0.15);
    for (const [label, value] of trackLines(track)) row(label, value, 12);
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

/** A file name any system takes: the title in ASCII letters, digits and hyphens, never empty. */
export function labelCopyFileName(album: Pick<AlbumDetail, 'title' | 'version'>): string {
  const base = releaseTitle(album)
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  return `${base || 'release'}-label-copy.pdf`;
}
