import path from 'node:path';
import { featureZonesRule } from './feature-zones.mjs';

/**
 * API domains meet through their public face: a file may import another domain's files only through that
 * domain's `index.ts` (`../<domain>/index.js`). Files of a domain import their own files freely, and anything may
 * import platform/. Applies to every file it is configured for (the API's sources), so app.ts, main.ts, the seed
 * and the tools go through the index too.
 *
 * Option `allow`: exceptions written `'<importing file> -> <imported file>'`, both relative to the repository root
 * (`api/src/domains/a/x.ts -> api/src/domains/b/y.ts`), for imports that are still being moved behind an index.
 */
const INDEX_FILES = new Set(['index', 'index.js', 'index.ts']);

/**
 * The domain of an absolute path under `api/src/domains/<domain>/`: its name, its folder and the path inside it;
 * null when the path is not in a domain.
 */
function domainOf(file) {
  const parts = file.split(path.sep);
  const at = parts.lastIndexOf('domains');
  if (at < 2 || parts[at - 1] !== 'src' || parts[at - 2] !== 'api' || parts.length < at + 3) return null;
  return {
    domain: parts[at + 1],
    folder: parts.slice(0, at + 2).join(path.sep),
    rest: parts.slice(at + 2).join('/'),
  };
}

/** A repository-relative path with forward slashes. */
const fromRoot = (root, file) => path.relative(root, file).split(path.sep).join('/');

/** Sources are imported as `.js` (Node ESM); the file on disk is `.ts`. */
const asSource = (file) => file.replace(/\.js$/, '.ts');

export const domainImportsRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Import another API domain only through its index.ts' },
    schema: [
      {
        type: 'object',
        properties: { allow: { type: 'array', items: { type: 'string' } } },
        additionalProperties: false,
      },
    ],
    messages: {
      privateFile:
        "'{{source}}' is a private file of the {{domain}} domain: import '{{index}}' instead " +
        '(add what you need to its public face).',
    },
  },
  create(context) {
    const filename = context.filename ?? context.getFilename();
    const root = context.cwd ?? context.getCwd();
    const importer = domainOf(filename);
    const allowed = new Set(
      (context.options[0]?.allow ?? []).map((pair) =>
        pair
          .split('->')
          .map((side) => side.trim())
          .join(' -> '),
      ),
    );

    function check(node, source) {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.resolve(path.dirname(filename), source);
      const imported = domainOf(target);
      if (!imported || imported.domain === importer?.domain || INDEX_FILES.has(imported.rest)) return;
      if (allowed.has(`${fromRoot(root, filename)} -> ${asSource(fromRoot(root, target))}`)) return;
      const index = path
        .relative(path.dirname(filename), path.join(imported.folder, 'index.js'))
        .split(path.sep);
      context.report({
        node,
        messageId: 'privateFile',
        data: {
          source,
          domain: imported.domain,
          index: index[0] === '..' ? index.join('/') : `./${index.join('/')}`,
        },
      });
    }

    const fromSource = (node) => node.source && check(node.source, node.source.value);
    return {
      ImportDeclaration: fromSource,
      ExportNamedDeclaration: fromSource,
      ExportAllDeclaration: fromSource,
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

/** The ESLint plugin of the repository's own rules. */
export default { rules: { 'domain-imports': domainImportsRule, 'feature-zones': featureZonesRule } };
