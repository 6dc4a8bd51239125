import path from 'node:path';

/**
 * An area's feature folders hold (as bulletproof-react does with import/no-restricted-paths): a file in
 * `mfe-<area>/src/<feature>/` imports the area's own files only from its feature, from `src/shared/`, and — in tests
 * — from `src/testing/` (fixtures). What two features both need moves to `shared/`; composing features is the
 * job of the area's root files (`area.tsx`, the lifecycles), which import any feature. Libraries are reached by
 * package name and are not concerned.
 */
const SHARED = 'shared';
const TESTING = 'testing';
const TEST_FILE = /\.(test|spec)\.(ts|tsx)$/;

/** The area source folder and the feature of an absolute path under `mfe-*\/src/<feature>/`; null elsewhere. */
function zoneOf(file) {
  const parts = file.split(path.sep);
  const at = parts.lastIndexOf('src');
  if (at < 1 || !parts[at - 1].startsWith('mfe-')) return null;
  return {
    src: parts.slice(0, at + 1).join(path.sep),
    feature: parts.length > at + 2 ? parts[at + 1] : null,
  };
}

export const featureZonesRule = {
  meta: {
    type: 'problem',
    docs: { description: "A feature folder imports only its own files, the area's shared/ and libraries" },
    schema: [],
    messages: {
      otherFeature:
        "'{{source}}' belongs to the {{target}} feature: a file of the {{feature}} feature imports its own " +
        'files, shared/ and libraries only (move what both need to shared/).',
    },
  },
  create(context) {
    const filename = context.filename ?? context.getFilename();
    const importer = zoneOf(filename);
    if (!importer?.feature) return {};
    const isTest = TEST_FILE.test(filename);

    function check(node, source) {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = zoneOf(path.resolve(path.dirname(filename), source));
      if (!target || target.src !== importer.src || target.feature === null) return;
      if (target.feature === importer.feature || target.feature === SHARED) return;
      if (isTest && target.feature === TESTING) return;
      context.report({
        node,
        messageId: 'otherFeature',
        data: { source, feature: importer.feature, target: target.feature },
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
