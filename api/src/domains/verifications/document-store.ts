import fs from 'node:fs/promises';
import path from 'node:path';
import {
  type FieldIssue,
  VERIFICATION_DOCUMENT_TYPES,
  type VerificationDocumentType,
} from '@tunehouse/contracts';
import { fileTypeFromBuffer } from 'file-type';
import { ApiError } from '../../platform/errors.js';

const EXTENSIONS: Record<VerificationDocumentType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'application/pdf': 'pdf',
};

const isDocumentType = (mime: string | undefined): mime is VerificationDocumentType =>
  (VERIFICATION_DOCUMENT_TYPES as readonly string[]).includes(mime ?? '');

/** The document's type by its content (not its name or declared type): JPEG, PNG or PDF, else 415. */
export async function inspectDocument(
  buffer: Buffer,
  field: FieldIssue['path'],
): Promise<VerificationDocumentType> {
  const type = await fileTypeFromBuffer(buffer);
  if (!isDocumentType(type?.mime)) {
    const message = `The document must be a JPEG, PNG or PDF file${type ? `, not ${type.mime}` : ''}`;
    throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', message, [{ path: field, message }]);
  }
  return type.mime;
}

/**
 * ID documents as files under `<DATA_DIR>/verifications/<account id>/`, readable by the API's own user only
 * (folders 0700, files 0600). No route serves them: only the verification provider reads them.
 */
export function createDocumentStore(dataDir: string) {
  const root = path.join(dataDir, 'verifications');

  /** Writes the document; answers its name relative to the store. */
  async function save(
    accountId: string,
    verificationId: string,
    buffer: Buffer,
    type: VerificationDocumentType,
  ): Promise<string> {
    const file = path.join(accountId, `${verificationId}.${EXTENSIONS[type]}`);
    await fs.mkdir(path.join(root, accountId), { recursive: true, mode: 0o700 });
    await fs.writeFile(path.join(root, file), buffer, { mode: 0o600, flag: 'wx' });
    return file;
  }

  const pathOf = (file: string) => path.join(root, file);

  async function remove(file: string): Promise<void> {
    await fs.rm(pathOf(file), { force: true });
  }

  return { save, pathOf, remove };
}

export type DocumentStore = ReturnType<typeof createDocumentStore>;
