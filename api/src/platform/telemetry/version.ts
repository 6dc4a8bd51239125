import { readFileSync } from 'node:fs';

/** The API's version, from its package.json: the traces' `service.version` and the error reports' release. */
export function apiVersion(): string {
  const file = new URL('../../../package.json', import.meta.url);
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}
