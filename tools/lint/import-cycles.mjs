import fs from 'node:fs';
import path from 'node:path';

/**
 * Import cycles in the repository's own sources, found from the code's imports (static `import`/`export … from`,
 * type-only ones included, since a cycle of types is still two modules that cannot be understood apart, and
 * `import()`). Test files are leaves: nothing imports them, so they close no cycle and are left out. The helpers
 * tests share (`testing/` folders, `fixtures/`) are imported like any module, so they are in the graph: two helpers
 * that import each other are a cycle like any other.
 */
const SOURCE_ROOTS = ['api/src', 'api/bench', 'libs', 'shell/src', 'e2e', 'tools'];
const AREA_ROOT = /^mfe-[^/]+$/;
const SKIPPED = new Set(['node_modules', 'dist', 'coverage', 'test-results', 'playwright-report']);
const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;
const TEST = /(\.test|\.spec|\.property\.test)\.(ts|tsx|mjs|js)$/;
const SPECIFIERS =
  /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function sourceFiles(root, folder) {
  const at = path.join(root, folder);
  if (!fs.existsSync(at)) return [];
  return fs.readdirSync(at, { withFileTypes: true }).flatMap((entry) => {
    const relative = `${folder}/${entry.name}`;
    if (entry.isDirectory())
      return entry.name.startsWith('.') || SKIPPED.has(entry.name) ? [] : sourceFiles(root, relative);
    return entry.isFile() && SOURCE.test(entry.name) && !TEST.test(relative) && !entry.name.endsWith('.d.ts')
      ? [relative]
      : [];
  });
}

/** The file a relative specifier names: `./x.js` is `./x.ts` (or .tsx) on disk; a folder is its index. */
function resolve(root, from, specifier, known) {
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  const stem = base.replace(/\.(js|mjs|ts|tsx)$/, '');
  const candidates = [
    base,
    `${stem}.ts`,
    `${stem}.tsx`,
    `${stem}.mjs`,
    `${stem}.js`,
    `${base}/index.ts`,
    `${base}/index.tsx`,
    `${base}/index.js`,
    `${base}/index.mjs`,
  ];
  return candidates.find((candidate) => known.has(candidate));
}

/** Every source file and the repository files it imports. */
export function importGraph(root) {
  const areas = fs
    .readdirSync(root)
    .filter((name) => AREA_ROOT.test(name))
    .map((name) => `${name}/src`);
  const files = [...SOURCE_ROOTS, ...areas].flatMap((folder) => sourceFiles(root, folder));
  const known = new Set(files);
  const graph = new Map();
  for (const file of files) {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    const targets = new Set();
    for (const [, from, dynamic] of text.matchAll(SPECIFIERS)) {
      const specifier = from ?? dynamic;
      if (!specifier?.startsWith('.')) continue;
      const target = resolve(root, file, specifier, known);
      if (target && target !== file) targets.add(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** Strongly connected components of more than one node (Tarjan), each sorted, largest first. */
export function cyclesOf(graph) {
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  const visit = (node) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), index.get(next)));
    }
    if (low.get(node) === index.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return components.sort((a, b) => b.length - a.length || a[0].localeCompare(b[0]));
}

/** The graph of API domains: one domain imports another when any of its files does. */
export function domainGraph(graph) {
  const domainOf = (file) => /^api\/src\/domains\/([^/]+)\//.exec(file)?.[1];
  const domains = new Map();
  for (const [file, targets] of graph) {
    const from = domainOf(file);
    if (!from) continue;
    if (!domains.has(from)) domains.set(from, new Set());
    for (const target of targets) {
      const to = domainOf(target);
      if (to && to !== from) domains.get(from).add(to);
    }
  }
  return domains;
}
