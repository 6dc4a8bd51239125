// parse-prometheus-text-format ships no types; what the metrics tests read of its answer.
declare module 'parse-prometheus-text-format' {
  type Labels = Record<string, string>;
  export type MetricFamily = {
    name: string;
    help: string;
    type: 'COUNTER' | 'GAUGE' | 'HISTOGRAM' | 'SUMMARY' | 'UNTYPED';
    metrics: Array<{
      value?: string;
      labels?: Labels;
      buckets?: Record<string, string>;
      count?: string;
      sum?: string;
    }>;
  };
  export default function parsePrometheusTextFormat(text: string): MetricFamily[];
}
