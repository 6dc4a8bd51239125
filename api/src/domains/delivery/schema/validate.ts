import { memoryPages, validateXML, type XMLValidationError } from 'xmllint-wasm';
import type { ErnSchema, SchemaFile } from './ern-schema.js';

/**
 * XML checks with libxml2 compiled to WebAssembly (xmllint-wasm): the validator the DDEX documentation names
 * (xmllint), run in a worker thread of this process, so no system package is needed.
 */

export type SchemaVerdict = { valid: true } | { valid: false; errors: string[] };

const MESSAGE_FILE = 'message.xml';
/** An enumeration error lists every allowed value (hundreds): keep the start of each message. */
const MESSAGE_LIMIT = 300;

function describe(error: XMLValidationError): string {
  const text = `line ${error.loc!.lineNumber}: ${error.message}`;
  return text.length > MESSAGE_LIMIT ? `${text.slice(0, MESSAGE_LIMIT)}…` : text;
}

async function check(xml: string, schema: readonly SchemaFile[]): Promise<SchemaVerdict> {
  const [main, ...imports] = schema;
  const result = await validateXML({
    xml: { fileName: MESSAGE_FILE, contents: xml },
    schema: main ? [main] : [],
    preload: imports,
    // The library's default cap (32 MiB) holds the ERN schema and a usual album; the cap costs nothing until used.
    maxMemoryPages: 256 * memoryPages.MiB,
  });
  if (result.valid) return { valid: true };
  // Lines without a position are the parser echoing the offending source line and a caret under it.
  const errors = result.errors.filter((error) => error.loc !== null).map(describe);
  return {
    valid: false,
    errors: errors.length > 0 ? errors : [result.rawOutput.trim().slice(0, MESSAGE_LIMIT)],
  };
}

/** Validates an XML document (given as text) against the ERN schema (or any schema loaded the same way). */
export function validateErn(xml: string, schema: ErnSchema): Promise<SchemaVerdict> {
  return check(xml, schema.files);
}

/** Checks only that a document is well-formed XML: what can still be checked when no schema is at hand. */
export function checkWellFormed(xml: string): Promise<SchemaVerdict> {
  return check(xml, []);
}
