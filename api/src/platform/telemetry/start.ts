// Decides whether to trace, without loading any OpenTelemetry code when not (main.ts imports this statically).

/** The standard OpenTelemetry settings that switch the exporter on (either one names where spans go). */
export function tracingEndpoint(env: NodeJS.ProcessEnv): string | undefined {
  return env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || env.OTEL_EXPORTER_OTLP_ENDPOINT || undefined;
}

export async function startTracingIfConfigured(env: NodeJS.ProcessEnv): Promise<void> {
  if (!tracingEndpoint(env) || env.OTEL_SDK_DISABLED === 'true') return;
  const { startTracing } = await import('./tracing.js');
  await startTracing();
}
