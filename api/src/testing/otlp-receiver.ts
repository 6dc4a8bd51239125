// An OTLP/HTTP trace receiver for tests: node:http, the JSON encoding the API's exporter sends, every span kept.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

type OtlpValue = { stringValue?: string; intValue?: string | number; boolValue?: boolean };
type OtlpSpan = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: { key: string; value: OtlpValue }[];
};
type OtlpExport = {
  resourceSpans?: {
    resource?: { attributes?: { key: string; value: OtlpValue }[] };
    scopeSpans?: { scope?: { name?: string }; spans?: OtlpSpan[] }[];
  }[];
};

/** One received span, flattened: its attributes as a plain record, with its service's name and version. */
export type ReceivedSpan = {
  traceId: string;
  spanId: string;
  parentSpanId: string | undefined;
  name: string;
  /** OTLP's SpanKind: 1 internal, 2 server, 3 client, 4 producer, 5 consumer. */
  kind: number;
  scope: string;
  attributes: Record<string, string | number | boolean | undefined>;
  service: Record<string, string | number | boolean | undefined>;
};

/** OTLP/HTTP's trace path, which the exporter appends to the endpoint (without its slash: not an API path). */
const OTLP_TRACES_PATH = 'v1/traces';

const flatten = (attributes: { key: string; value: OtlpValue }[] = []) =>
  Object.fromEntries(
    attributes.map(({ key, value }) => [
      key,
      value.stringValue ?? (value.intValue !== undefined ? Number(value.intValue) : value.boolValue),
    ]),
  );

export async function startOtlpReceiver(): Promise<{
  /** What to give as OTEL_EXPORTER_OTLP_ENDPOINT (the exporter adds /v1/traces). */
  endpoint: string;
  spans: ReceivedSpan[];
  /** Bodies that were not OTLP JSON on /v1/traces, for a failing test's message. */
  refused: string[];
  close: () => Promise<void>;
}> {
  const spans: ReceivedSpan[] = [];
  const refused: string[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      if (
        request.url?.slice(1) !== OTLP_TRACES_PATH ||
        !String(request.headers['content-type']).includes('json')
      ) {
        refused.push(`${request.method} ${request.url} ${request.headers['content-type']}`);
        response.writeHead(415).end();
        return;
      }
      const body = JSON.parse(text) as OtlpExport;
      for (const resourceSpans of body.resourceSpans ?? []) {
        const service = flatten(resourceSpans.resource?.attributes);
        for (const scopeSpans of resourceSpans.scopeSpans ?? []) {
          for (const span of scopeSpans.spans ?? []) {
            spans.push({
              traceId: span.traceId,
              spanId: span.spanId,
              parentSpanId: span.parentSpanId || undefined,
              name: span.name,
              kind: span.kind,
              scope: scopeSpans.scope?.name ?? '',
              attributes: flatten(span.attributes),
              service,
            });
          }
        }
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    spans,
    refused,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
