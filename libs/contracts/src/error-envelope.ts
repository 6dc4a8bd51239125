/**
 * The parts of Sentry's envelope protocol (which Sentry and GlitchTip accept) that the API's and the shell's error
 * reporters share (docs/decisions/0086-traces-and-error-reporting.md): reading a DSN, masking e-mail addresses, an
 * error's exception entry and the envelope's three lines. Each reporter builds the rest of its event (platform,
 * release, tags) and parses its own runtime's stack lines.
 */

/** `https://<public key>@<host>[:port][/<path>]/<project id>`, as Sentry and GlitchTip show it. */
export type Dsn = { envelopeUrl: string; publicKey: string; origin: string };

export function parseDsn(text: string): Dsn | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  const parts = url.pathname.split('/').filter(Boolean);
  const projectId = parts.pop();
  if (!url.username || !projectId || !/^\d+$/.test(projectId) || !/^https?:$/.test(url.protocol)) return null;
  const prefix = parts.length ? `/${parts.join('/')}` : '';
  return {
    envelopeUrl: `${url.origin}${prefix}/api/${projectId}/envelope/`,
    publicKey: decodeURIComponent(url.username),
    origin: url.origin,
  };
}

const EMAIL = /[^\s@"'<>()]+@[^\s@"'<>()]+\.[^\s@"'<>()]+/g;

/** An error message with its e-mail addresses masked: a report carries no personal data beyond the user id. */
export const scrubEmails = (text: string): string => text.replace(EMAIL, '[email]');

/** A stack frame as Sentry reads it. */
export type EnvelopeFrame = {
  function: string;
  filename: string | undefined;
  lineno: number;
  colno: number;
  in_app?: boolean;
};

/** Anything thrown, as the Error a report describes. */
export const asError = (error: unknown): Error => (error instanceof Error ? error : new Error(String(error)));

/** The event's `exception` entry: the error's type, its message masked, and its frames (oldest call first). */
export function exceptionOf(failure: Error, frames: EnvelopeFrame[]) {
  return { values: [{ type: failure.name, value: scrubEmails(failure.message), stacktrace: { frames } }] };
}

/** The envelope's body: its header, the item's header and the event, one JSON document per line. */
export function envelopeBody(event: { event_id: string }): string {
  return [
    JSON.stringify({ event_id: event.event_id, sent_at: new Date().toISOString() }),
    JSON.stringify({ type: 'event' }),
    JSON.stringify(event),
  ].join('\n');
}
