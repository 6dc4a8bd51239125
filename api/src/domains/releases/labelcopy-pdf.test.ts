import { GENRE_NAMES, type Session } from '@tunehouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, expectError, login } from '../../testing/fixtures.js';
import { textOfPdf as textOf } from '../../testing/pdf-text.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';
import { labelCopyFileName, pdfText } from './labelcopy-pdf.js';
import { completeMetadata, randomIsrc, releaseClient } from '../../testing/release-fixtures.js';

let t: TestApp;
let owner: Session;
let stranger: Session;
let c: ReturnType<typeof releaseClient>;

beforeAll(async () => {
  t = await createTestApp();
  c = releaseClient(t.app);
  const [a, b] = await Promise.all([createUser(t.db), createUser(t.db)]);
  [owner, stranger] = await Promise.all([login(t.app, a.email), login(t.app, b.email)]);
});
afterAll(() => t.close());

describe('GET /v1/albums/{id}/labelcopy.pdf', () => {
  it('answers the label copy as a PDF attachment with the release and its tracks', async () => {
    const artist = await c.artist(owner, 'Mara Lindqvist');
    const isrc = randomIsrc();
    const album = await c.album(
      owner,
      completeMetadata(artist.id, {
        title: 'Harbour Lights: Live/Åre',
        primaryGenre: 'HIP_HOP_RAP',
        catalogNumber: 'TH-0042',
        pLine: '2026 Harbour Records',
        tracks: [
          {
            index: 1,
            title: 'Tidewater',
            version: 'Radio edit',
            isrc,
            explicit: true,
            contributors: [{ name: 'Ines Varga', role: 'PRODUCER' }],
          },
        ],
      }),
    );
    const response = await c.get(owner, `/v1/albums/${album.id}/labelcopy.pdf`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="Harbour-Lights-Live-Are-label-copy.pdf"',
    );
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const text = textOf(response.rawPayload);
    expect(text).toContain('Harbour Lights: Live/Åre');
    expect(text).toContain(album.barcode!);
    expect(text).toContain('TH-0042');
    expect(text).toMatch(/^\(P\)$/m); // ℗ is not in Helvetica's code page
    expect(text).toContain('2026 Harbour Records');
    expect(text).toContain('1. Tidewater (Radio edit) [Explicit]');
    expect(text).toContain(album.tracks[0]!.isrc!);
    expect(text).toContain('Producer: Ines Varga');
    expect(text).toContain('Mara Lindqvist');
    expect(text).toContain('Worldwide');
    // Genres read as everywhere else (the releases page, the DDEX message), from the one list in contracts.
    expect(text).toContain(GENRE_NAMES.HIP_HOP_RAP);
  });

  it('is 404 for another account’s album, like every album call', async () => {
    const album = await c.album(owner, { title: 'Private' });
    const response = await c.get(stranger, `/v1/albums/${album.id}/labelcopy.pdf`);
    expectError(response, 404, 'NOT_FOUND');
  });

  it('needs a session', async () => {
    const album = await c.album(owner, { title: 'Anyone?' });
    const response = await t.app.inject({ url: `/v1/albums/${album.id}/labelcopy.pdf` });
    expect(response.statusCode).toBe(401);
  });
});

describe('label copy text and file names', () => {
  it('keeps what Helvetica can show and replaces the rest', () => {
    expect(pdfText('℗ 2026 Łódź — “Ünïcode” 東京')).toBe('(P) 2026 ?ódz — “Ünïcode” ??');
  });

  it('makes a safe file name from any title', () => {
    expect(labelCopyFileName({ title: '../../etc/passwd"; x=', version: null })).toBe(
      'etc-passwd-x-label-copy.pdf',
    );
    expect(labelCopyFileName({ title: '東京', version: null })).toBe('release-label-copy.pdf');
  });
});
