import fs from 'node:fs';
import { parser } from '@prometheus-io/lezer-promql';
import { endpoints } from '@tunehouse/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { injectOf } from '../../testing/endpoint-inject.js';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

/**
 * deploy/prometheus/alerts.yml (docs/decisions/0085-metrics-and-operator-view.md) is read by a Prometheus server
 * nobody runs in CI: a rule naming a metric or a label that does not exist would never fire, silently. So the file is
 * checked here as Prometheus would load it (YAML, each expression parsed by Prometheus's own PromQL grammar), and
 * every metric, label and route its expressions name against what /metrics exposes.
 */
const RULES_FILE = new URL('../../../../deploy/prometheus/alerts.yml', import.meta.url);
const TOKEN = 'alert-rules-test-token-0123456789abcdef';

const rulesFileSchema = z.object({
  groups: z
    .array(
      z.object({
        name: z.string().min(1),
        rules: z
          .array(
            z.object({
              alert: z.string().regex(/^Tunehouse[A-Za-z]+$/),
              expr: z.string().min(1),
              for: z
                .string()
                .regex(/^\d+[smh]$/)
                .optional(),
              labels: z.object({ severity: z.enum(['warning', 'critical']) }),
              annotations: z.object({ summary: z.string().min(1), description: z.string().optional() }),
            }),
          )
          .min(1),
      }),
    )
    .min(1),
});

type Selector = { metric: string; labels: Array<{ name: string; value: string }> };

/** Every vector selector of a PromQL expression (metric name and label matchers), or the parse errors. */
function selectorsOf(expr: string): { errors: string[]; selectors: Selector[] } {
  const errors: string[] = [];
  const selectors: Selector[] = [];
  const text = (from: number, to: number) => expr.slice(from, to);
  const cursor = parser.parse(expr).cursor();
  do {
    if (cursor.type.isError)
      errors.push(`syntax error at ${cursor.from}: ${text(cursor.from, cursor.from + 20)}`);
    if (cursor.name !== 'VectorSelector') continue;
    const node = cursor.node;
    const metric = node.getChild('Identifier');
    const labels = node
      .getChild('LabelMatchers')
      ?.getChildren('UnquotedLabelMatcher')
      .map((matcher) => ({
        name: text(matcher.getChild('LabelName')!.from, matcher.getChild('LabelName')!.to),
        value: JSON.parse(
          text(matcher.getChild('StringLiteral')!.from, matcher.getChild('StringLiteral')!.to),
        ),
      }));
    if (metric) selectors.push({ metric: text(metric.from, metric.to), labels: labels ?? [] });
  } while (cursor.next());
  return { errors, selectors };
}

/** The label names each exposed series name carries (histograms: `_bucket` with `le`, `_count`, `_sum`). */
function exposedSeries(exposition: string): Map<string, Set<string>> {
  const series = new Map<string, Set<string>>();
  const add = (name: string, labels: string[] = []) => {
    const known = series.get(name) ?? new Set<string>();
    for (const label of labels) known.add(label);
    series.set(name, known);
  };
  for (const line of exposition.split('\n')) {
    const type = /^# TYPE (\w+) (\w+)$/.exec(line);
    if (type) {
      const [, name, kind] = type;
      if (kind === 'histogram') for (const suffix of ['_bucket', '_count', '_sum']) add(`${name}${suffix}`);
      else add(name!);
      continue;
    }
    const sample = /^(\w+)(?:\{(.*)\})? /.exec(line);
    if (sample)
      add(
        sample[1]!,
        [...(sample[2] ?? '').matchAll(/(\w+)="/g)].map(([, label]) => label!),
      );
  }
  return series;
}

let t: TestApp;
let exposed: Map<string, Set<string>>;
beforeAll(async () => {
  t = await createTestApp({ metrics: { token: TOKEN, address: undefined } });
  // One answer of each kind, so that the labelled families have series (and their label names) to show.
  await t.app.inject(injectOf(endpoints.health.live, {}));
  await t.db.query(
    `INSERT INTO deliveries (album_id, platform, action, message_id, status, release)
     VALUES ('album-1', 'SPOTIFY', 'DELIVER', 'msg-rules-1', 'FAILED', '{}')`,
  );
  const scrape = await t.app.inject({
    ...injectOf(endpoints.operations.metrics, {}),
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(scrape.statusCode).toBe(200);
  exposed = exposedSeries(scrape.body);
}, 60_000);
afterAll(() => t.close());

describe('deploy/prometheus/alerts.yml', () => {
  const file = rulesFileSchema.parse(parseYaml(fs.readFileSync(RULES_FILE, 'utf8')));
  const rules = file.groups.flatMap((group) => group.rules);

  it('has the rules issue 29 asks for', () => {
    expect(rules.map((rule) => rule.alert)).toEqual(
      expect.arrayContaining([
        'TunehouseJobQueueGrowing',
        'TunehouseDeliveriesFailing',
        'TunehouseNoRecentBackup',
        'TunehouseHighErrorRate',
        'TunehouseSlowRequests',
      ]),
    );
  });

  it.each(rules.map((rule) => [rule.alert, rule.expr] as const))(
    '%s parses as PromQL and names only exposed metrics, labels and routes',
    (_alert, expr) => {
      const { errors, selectors } = selectorsOf(expr);
      expect(errors).toEqual([]);
      expect(selectors.length).toBeGreaterThan(0);
      const routes = new Set(t.app.servedRoutes.map((route) => route.url));
      for (const { metric, labels } of selectors) {
        expect([...exposed.keys()], `${metric} is not exposed by /metrics`).toContain(metric);
        for (const label of labels) {
          expect([...exposed.get(metric)!], `${metric} has no label ${label.name}`).toContain(label.name);
          if (label.name === 'route')
            for (const route of label.value.split('|'))
              expect([...routes], `no route ${route}`).toContain(route);
        }
      }
    },
  );

  it('finds a misspelt metric and a syntax error (the checks above can fail)', () => {
    expect(selectorsOf('rate(tunehouse_http_requests[5m]) > 0').selectors[0]!.metric).toBe(
      'tunehouse_http_requests',
    );
    expect(exposed.has('tunehouse_http_requests')).toBe(false);
    expect(selectorsOf('sum(rate(x[5m]) > ').errors).not.toEqual([]);
  });
});
