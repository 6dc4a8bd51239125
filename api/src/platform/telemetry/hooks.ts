// What the rest of the API asks of tracing, without importing OpenTelemetry: the tracing module installs an
// implementation when it starts (tracing.ts); otherwise each call is a plain pass-through.

export type TraceHooks = {
  /** The active span's ids, for log lines. */
  logFields(): { trace_id?: string; span_id?: string };
  /** Runs one pg-boss job inside its own span (a new trace: the enqueuing request may be long gone). */
  inJobSpan<T>(queue: string, run: () => Promise<T>): Promise<T>;
  /** Sends the spans still batched; the last step of the orderly shutdown. */
  stop(): Promise<void>;
};

let installed: TraceHooks | null = null;

export function installTraceHooks(hooks: TraceHooks): void {
  installed = hooks;
}

export function tracingIsOn(): boolean {
  return installed !== null;
}

/** A pino mixin: `trace_id` and `span_id` beside the request id while a span is active. */
export function traceLogFields(): { trace_id?: string; span_id?: string } {
  return installed ? installed.logFields() : {};
}

export function inJobSpan<T>(queue: string, run: () => Promise<T>): Promise<T> {
  return installed ? installed.inJobSpan(queue, run) : run();
}

export function stopTracing(): Promise<void> {
  return installed ? installed.stop() : Promise.resolve();
}
