// The API process's entry. Tracing, when switched on, must hook module loading before Fastify, pg and node:http
// are first imported: static imports are all loaded before any of this module runs, so the server comes in
// through a dynamic import after it (docs/decisions/0086-traces-and-error-reporting.md). Without
// OTEL_EXPORTER_OTLP_ENDPOINT no OpenTelemetry code is loaded at all.
import { startTracingIfConfigured } from './platform/telemetry/start.js';

await startTracingIfConfigured(process.env);
await import('./server.js');
