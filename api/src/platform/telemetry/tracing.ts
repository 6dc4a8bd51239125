// OpenTelemetry tracing for the API process, loaded only when an OTLP endpoint is set (start.ts). Spans of
// incoming HTTP requests (node:http), of Fastify's routing and hooks, of every SQL statement (pg) and of every
// pg-boss job go over OTLP/HTTP with JSON bodies to OTEL_EXPORTER_OTLP_ENDPOINT (+ /v1/traces), read by the
// exporter itself with the other standard OTEL_EXPORTER_OTLP_* settings (headers, timeout).
import { register } from 'node:module';
import { installTraceHooks } from './hooks.js';
import { apiVersion } from './version.js';

export async function startTracing(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  // Module hooks first: the API is ES modules, which Node's require hooks never see. Fastify and pg are loaded
  // after this (main.ts imports the server dynamically), through import-in-the-middle, so their instrumentations
  // can patch them.
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url);

  const api = await import('@opentelemetry/api');
  const { AsyncLocalStorageContextManager } = await import('@opentelemetry/context-async-hooks');
  const { W3CTraceContextPropagator } = await import('@opentelemetry/core');
  const { resourceFromAttributes } = await import('@opentelemetry/resources');
  const { BatchSpanProcessor, TracerProvider } = await import('@opentelemetry/sdk-trace');
  const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-http');
  const { registerInstrumentations } = await import('@opentelemetry/instrumentation');
  const { HttpInstrumentation } = await import('@opentelemetry/instrumentation-http');
  const { PgInstrumentation } = await import('@opentelemetry/instrumentation-pg');
  const { FastifyOtelInstrumentation } = await import('@fastify/otel');

  const provider = new TracerProvider({
    resource: resourceFromAttributes({
      'service.name': env.OTEL_SERVICE_NAME || 'tunehouse-api',
      'service.version': apiVersion(),
    }),
    // Batched: a request never waits for the collector. Short delay so a trace shows up within a second or two.
    spanProcessors: [
      new BatchSpanProcessor({ exporter: new OTLPTraceExporter(), scheduledDelayMillis: 1000 }),
    ],
  });
  api.context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  api.propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  api.trace.setGlobalTracerProvider(provider);
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({
        // Spans for what callers asked, not for the readiness probes a supervisor sends every few seconds.
        ignoreIncomingRequestHook: (request) => request.url === '/ready' || request.url === '/health',
      }),
      // Statement text only (with $1 placeholders); values are never recorded. Only SQL inside a request or job
      // span: pg-boss polls its queues every second, and those would each be a trace of their own.
      new PgInstrumentation({ enhancedDatabaseReporting: false, requireParentSpan: true }),
      new FastifyOtelInstrumentation({ registerOnInitialization: true }),
    ],
  });

  const tracer = api.trace.getTracer('tunehouse-api');
  installTraceHooks({
    stop: () => provider.shutdown(),
    logFields() {
      const span = api.trace.getActiveSpan();
      if (!span) return {};
      const { traceId, spanId } = span.spanContext();
      return { trace_id: traceId, span_id: spanId };
    },
    inJobSpan(queue, run) {
      return tracer.startActiveSpan(
        `job ${queue}`,
        {
          kind: api.SpanKind.CONSUMER,
          root: true,
          attributes: { 'messaging.system': 'pg-boss', 'messaging.destination.name': queue },
        },
        async (span) => {
          try {
            return await run();
          } catch (error) {
            span.recordException(error as Error);
            span.setStatus({ code: api.SpanStatusCode.ERROR });
            throw error;
          } finally {
            span.end();
          }
        },
      );
    },
  });
}
