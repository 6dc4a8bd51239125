import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * XSD validation with libxml2's xmllint (Debian package libxml2-utils), the validator the DDEX README names. An
 * absent schema folder or xmllint is an error saying so, never a silent pass.
 */

export const ERN_SCHEMA_FILE = 'release-notification.xsd';

export class SchemaUnavailableError extends Error {}

export type SchemaVerdict = { valid: true } | { valid: false; errors: string[] };

/** The schema file in `schemaDir`, or why it cannot be used. */
export function ernSchemaPath(schemaDir: string): string {
  const file = path.join(schemaDir, ERN_SCHEMA_FILE);
  if (!fs.existsSync(file))
    throw new SchemaUnavailableError(
      `The DDEX ERN 4.3 schema is not at ${file}: set DDEX_SCHEMA_DIR to the folder holding ${ERN_SCHEMA_FILE} ` +
        'and allowed-value-sets.xsd (by default ../shared/standards/ddex/ern43 beside the repository)',
    );
  return file;
}

/** Validates an XML document (given as text) against release-notification.xsd in `schemaDir`. */
export function validateErn(xml: string, schemaDir: string): Promise<SchemaVerdict> {
  const schema = ernSchemaPath(schemaDir);
  return new Promise((resolve, reject) => {
    const child = spawn('xmllint', ['--noout', '--nonet', '--schema', schema, '-'], {
      stdio: ['pipe', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      if (stderr.length < 200_000) stderr += chunk;
    });
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new SchemaUnavailableError('xmllint is not installed (Debian: apt-get install libxml2-utils)')
          : error,
      ),
    );
    child.once('close', (code) => {
      if (code === 0) return resolve({ valid: true });
      const errors = stderr
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line && !/^- fails to validate$/.test(line))
        // An enumeration error lists every allowed value (hundreds): keep the start.
        .map((line) => (line.length > 300 ? `${line.slice(0, 300)}…` : line));
      // 1-4 and 5 are xmllint's "parse/schema/validation" failures; anything else means it could not run.
      if (code !== null && code >= 1 && code <= 5) return resolve({ valid: false, errors });
      reject(new Error(`xmllint exited with ${code}: ${stderr.slice(0, 500)}`));
    });
    child.stdin.on('error', () => undefined);
    child.stdin.end(xml);
  });
}
