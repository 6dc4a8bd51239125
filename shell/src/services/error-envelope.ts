import { asError, envelopeBody, exceptionOf, parseDsn } from '@tunehouse/contracts';
import type { ErrorReportContext } from '@tunehouse/shell-contract';

/**
 * One error as a Sentry envelope (the protocol Sentry and GlitchTip accept), posted to the DSN's project. What it
 * holds: the error's type, message (e-mail addresses masked) and stack, the area's name and deployed version as
 * the release, the route template and the user id. Never the address, query string, page content, cookies or
 * storage. Sent as text/plain with the key in the query, as Sentry's own browser client does, so no preflight.
 */
/** The DSN's envelope address with its key in the query, so the post needs no auth header. */
function envelopeUrl(text: string): string {
  const dsn = parseDsn(text);
  if (!dsn) throw new Error('errorReportingDsn is not a DSN');
  const query = new URLSearchParams({ sentry_key: dsn.publicKey, sentry_version: '7' });
  return `${dsn.envelopeUrl}?${query}`;
}

const hex = (bytes: Uint8Array) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');

/** Chrome's and Firefox's stack lines as Sentry frames, oldest call first. */
function framesOf(stack: string | undefined) {
  return (stack ?? '')
    .split('\n')
    .map((line) => /^\s*(?:at (?:(.+?) \()?|(.*?)@)(.+?):(\d+):(\d+)\)?$/.exec(line))
    .filter((match): match is RegExpExecArray => match !== null)
    .map(([, chromeFn, firefoxFn, filename, line, column]) => ({
      function: chromeFn ?? (firefoxFn || '?'),
      // Script URLs only, without a query string.
      filename: filename!.split('?')[0],
      lineno: Number(line),
      colno: Number(column),
    }))
    .reverse();
}

export async function sendErrorReport(
  dsn: string,
  error: unknown,
  context: ErrorReportContext & { userId?: string },
): Promise<void> {
  const failure = asError(error);
  const eventId = hex(crypto.getRandomValues(new Uint8Array(16)));
  const event = {
    event_id: eventId,
    timestamp: Date.now() / 1000,
    platform: 'javascript',
    level: 'error',
    logger: 'tunehouse-shell',
    release: `tunehouse-${context.area}@${context.areaVersion ?? 'unknown'}`,
    ...(context.route ? { transaction: context.route } : {}),
    tags: {
      area: context.area,
      ...(context.areaVersion ? { area_version: context.areaVersion } : {}),
      ...(context.route ? { route: context.route } : {}),
    },
    ...(context.userId ? { user: { id: context.userId } } : {}),
    exception: exceptionOf(failure, framesOf(failure.stack)),
  };
  const body = envelopeBody(event);
  await fetch(envelopeUrl(dsn), {
    method: 'POST',
    headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
    body,
    keepalive: true,
    credentials: 'omit',
  });
}
