import fs from 'node:fs/promises';
import path from 'node:path';
import { md5File } from './batch.js';
import { type Acknowledgement, acknowledgementPath, buildAcknowledgement } from './transport.js';
import { childrenOf, parseXml, textsOf } from './xml.js';
import type { ErnSchemaSource } from './schema/locate.js';
import { checkWellFormed, validateErn } from './schema/validate.js';

/**
 * The platform's side of a batch, as the simulators play it: once the BatchComplete file is there, check the
 * message against the ERN 4.3 schema and every file it says is provided against its MD5 sum, and write the
 * acknowledgement (ACK_<UPC>.xml beside the message). Accepts with FileOK; refuses with the first problem found.
 * Without a schema (none configured, none beside the repository, none downloadable) the message is checked for
 * well-formed XML only, and the schema source has said so in the log; with DDEX_SCHEMA_DIR set but unreadable,
 * every message is refused rather than accepted unchecked.
 */

type Verdict = { releaseId: string; messageId: string; status: string; errorText?: string };

async function exists(file: string) {
  return fs.stat(file).then(
    () => true,
    () => false,
  );
}

async function inspect(batchDir: string, schema: ErnSchemaSource, messageId: string): Promise<Verdict> {
  const entries = await fs.readdir(batchDir, { withFileTypes: true });
  const releaseDir = entries.find((entry) => entry.isDirectory());
  if (!releaseDir)
    return { releaseId: '', messageId, status: 'ErnMissing', errorText: 'The batch holds no release folder' };
  const releaseId = releaseDir.name;
  const folder = path.join(batchDir, releaseId);
  const messageFile = path.join(folder, `${releaseId}.xml`);
  if (!(await exists(messageFile)))
    return {
      releaseId,
      messageId,
      status: 'ErnMissing',
      errorText: `${releaseId}/${releaseId}.xml is missing`,
    };
  const xml = await fs.readFile(messageFile, 'utf8');

  const lookup = await schema();
  if (!lookup.found && lookup.required)
    return {
      releaseId,
      messageId,
      status: 'InternalError',
      errorText: `The simulator cannot check the message: ${lookup.reason}`,
    };
  const verdict = lookup.found ? await validateErn(xml, lookup.schema) : await checkWellFormed(xml);
  if (!verdict.valid)
    return {
      releaseId,
      messageId,
      status: 'NewReleaseMessageInvalid',
      errorText: `${lookup.found ? 'The message fails the ERN 4.3 schema' : 'The message is not well-formed XML'}: ${verdict.errors.slice(0, 3).join(' | ')}`,
    };

  const doc = parseXml(xml);
  const sentId = textsOf(doc, 'MessageId')[0] ?? messageId;
  for (const file of Array.from(doc.getElementsByTagName('File'))) {
    const uri = textsOf(file, 'URI')[0] ?? '';
    const expected = textsOf(file, 'HashSumValue')[0]?.toLowerCase();
    const provided = file.parentNode ? childrenOf(file.parentNode, 'IsProvidedInDelivery')[0] : undefined;
    if (provided?.textContent === 'false') continue;
    const target = path.resolve(folder, uri);
    if (!target.startsWith(`${folder}${path.sep}`))
      return {
        releaseId,
        messageId: sentId,
        status: 'ResourceMissing',
        errorText: `${uri} lies outside the release folder`,
      };
    if (!(await exists(target)))
      return {
        releaseId,
        messageId: sentId,
        status: 'ResourceMissing',
        errorText: `${uri} is not in the batch`,
      };
    const actual = await md5File(target);
    if (expected && actual !== expected)
      return {
        releaseId,
        messageId: sentId,
        status: 'ResourceCorrupt',
        errorText: `${uri}: its MD5 is ${actual}, the message says ${expected}`,
      };
  }
  return { releaseId, messageId: sentId, status: 'FileOK' };
}

/** Judges a complete batch and writes its acknowledgement (atomically); answers it. */
export async function acknowledgeBatch(
  batchDir: string,
  { schema, platformName, now = new Date() }: { schema: ErnSchemaSource; platformName: string; now?: Date },
): Promise<Acknowledgement> {
  const messageId = path.basename(batchDir);
  const verdict = await inspect(batchDir, schema, messageId);
  const ack: Acknowledgement = {
    messageId: verdict.messageId,
    status: verdict.status,
    accepted: verdict.status === 'FileOK',
    ...(verdict.errorText ? { errorText: verdict.errorText } : {}),
    createdAt: now.toISOString(),
  };
  const releaseId = verdict.releaseId || 'batch';
  const file = path.join(batchDir, acknowledgementPath(releaseId));
  await fs.mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.tmp`;
  await fs.writeFile(
    temporary,
    buildAcknowledgement({ ...ack, releaseId, sender: `${platformName} (simulated)` }),
  );
  await fs.rename(temporary, file);
  return ack;
}
