import fs from 'node:fs/promises';
import {
  ALBUM_FORM_PARTS,
  type AlbumFormRequest,
  albumFormRequestSchema,
  type FieldIssue,
} from '@tunehouse/contracts';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../platform/errors.js';
import { invalidTextIssues } from '../../platform/invalid-text.js';
import {
  type ArtworkStore,
  type ReceivedFile,
  receiveFile,
  refuseOversizedRequest,
  rethrowAsUnreadableMultipart,
} from '../media/index.js';
import type { AlbumForm } from './service.js';

const invalid = (issues: FieldIssue[]) =>
  new ApiError(400, 'VALIDATION_FAILED', 'The request body is invalid', issues);

function parseMetadata(value: unknown, path: FieldIssue['path']): AlbumFormRequest {
  const invalidText = invalidTextIssues(value, path);
  if (invalidText.length > 0) throw invalid(invalidText);
  const parsed = albumFormRequestSchema.safeParse(value);
  if (!parsed.success) {
    throw invalid(
      parsed.error.issues.map((issue) => ({
        path: [...path, ...issue.path.map((key) => (typeof key === 'symbol' ? String(key) : key))],
        message: issue.message,
      })),
    );
  }
  return parsed.data;
}

/**
 * Reads the album form (docs/decisions/0033-releases-api.md): an application/json body is the metadata itself
 * (issues at ['body', …]); a multipart/form-data body has a `metadata` text part with that JSON (issues at
 * ['body', 'metadata', …]) and an optional `artwork` file, streamed to a temporary file and checked by its first
 * bytes before the rest is read. Any other part is refused (400 naming it).
 */
export async function readAlbumForm(
  request: FastifyRequest,
  { artworks, maxBytes }: { artworks: ArtworkStore; maxBytes: number },
): Promise<AlbumForm> {
  const artworkPath: FieldIssue['path'] = ['body', ALBUM_FORM_PARTS.artwork];
  if (!request.isMultipart()) {
    const body = request.body ?? {};
    if (typeof body !== 'object' || Array.isArray(body))
      throw invalid([{ path: ['body'], message: 'Expected an object' }]);
    return { metadata: parseMetadata(body, ['body']), path: ['body'], artwork: null, artworkPath };
  }
  refuseOversizedRequest(request, maxBytes, artworkPath);
  const metadataPath: FieldIssue['path'] = ['body', ALBUM_FORM_PARTS.metadata];
  let metadataText: string | null = null;
  let artwork: ReceivedFile | null = null;
  try {
    for await (const part of request.parts({
      limits: { fileSize: maxBytes, files: 1, fields: 5, parts: 6 },
    })) {
      if (part.type === 'field' && part.fieldname === ALBUM_FORM_PARTS.metadata && metadataText === null) {
        metadataText = String(part.value);
      } else if (part.type === 'file' && part.fieldname === ALBUM_FORM_PARTS.artwork && !artwork) {
        artwork = await receiveFile(part, {
          dir: artworks.dir,
          maxBytes,
          field: artworkPath,
          accept: async (head) => {
            await artworks.sniff(head, artworkPath);
          },
        });
      } else {
        if (part.type === 'file') part.file.resume();
        throw invalid([
          {
            path: ['body', part.fieldname],
            message: `Unexpected part; the form has one ${ALBUM_FORM_PARTS.metadata} field and at most one ${ALBUM_FORM_PARTS.artwork} file`,
          },
        ]);
      }
    }
    if (metadataText === null)
      throw invalid([{ path: metadataPath, message: 'The metadata part is required' }]);
    let json: unknown;
    try {
      json = JSON.parse(metadataText);
    } catch {
      throw invalid([{ path: metadataPath, message: 'The metadata part is not valid JSON' }]);
    }
    if (typeof json !== 'object' || json === null || Array.isArray(json))
      throw invalid([{ path: metadataPath, message: 'Expected a JSON object' }]);
    return { metadata: parseMetadata(json, metadataPath), path: metadataPath, artwork, artworkPath };
  } catch (error) {
    if (artwork) await fs.rm((artwork as ReceivedFile).path, { force: true });
    rethrowAsUnreadableMultipart(error);
  }
}
