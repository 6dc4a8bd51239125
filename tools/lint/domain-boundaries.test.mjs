import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { DOMAIN_IMPORTS_STILL_TO_MOVE } from '../../eslint.config.mjs';
import tunehouse from './domain-boundaries.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The repository's own configuration: the rule fires as `npx eslint .` runs it. */
const repository = new ESLint({ cwd: root });

async function domainImports(file, code, eslint = repository) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages
    .filter((message) => message.ruleId === 'tunehouse/domain-imports')
    .map((message) => message.message);
}

// The first lint loads the whole configuration (typescript-eslint, the plugins): seconds on a busy 2-core machine.
describe('API domains meet through their index.ts', { timeout: 60_000 }, () => {
  it("refuses another domain's private file, naming the index to import instead", async () => {
    expect(
      await domainImports(
        'api/src/domains/trends/x.ts',
        "import { insertArtist } from '../artists/repository.js';\nexport { insertArtist };\n",
      ),
    ).toEqual([
      "'../artists/repository.js' is a private file of the artists domain: import '../artists/index.js' instead " +
        '(add what you need to its public face).',
    ]);
  });

  it('refuses it from a nested file, a re-export and a dynamic import alike', async () => {
    expect(
      await domainImports(
        'api/src/domains/artists/suggestions/x.ts',
        "export { toArtistImage } from '../../media/image-view.js';\n" +
          "export const load = () => import('../../releases/repository.js');\n",
      ),
    ).toHaveLength(2);
  });

  it('refuses it from outside the domains too (app.ts, the seed, the tools)', async () => {
    expect(
      await domainImports(
        'api/src/app.ts',
        "import { artistRoutes } from './domains/artists/routes.js';\nexport { artistRoutes };\n",
      ),
    ).toEqual([
      "'./domains/artists/routes.js' is a private file of the artists domain: import " +
        "'./domains/artists/index.js' instead (add what you need to its public face).",
    ]);
  });

  it("allows another domain's index, the domain's own files and platform/", async () => {
    expect(
      await domainImports(
        'api/src/domains/trends/sub/x.ts',
        "import { artistRoutes } from '../../artists/index.js';\n" +
          "import { trendRoutes } from '../routes.js';\n" +
          "import { ApiError } from '../../../platform/errors.js';\n" +
          'export { artistRoutes, trendRoutes, ApiError };\n',
      ),
    ).toEqual([]);
  });

  it('lets through only the exact imports listed as still to move', async () => {
    const withException = new ESLint({
      cwd: root,
      overrideConfigFile: true,
      overrideConfig: [
        {
          files: ['**/*.ts'],
          languageOptions: { parser: tseslint.parser },
          plugins: { tunehouse },
          rules: {
            'tunehouse/domain-imports': [
              'error',
              { allow: ['api/src/domains/trends/x.ts -> api/src/domains/artists/repository.ts'] },
            ],
          },
        },
      ],
    });
    const code =
      "import { insertArtist } from '../artists/repository.js';\n" +
      "import { artistRoutes } from '../artists/routes.js';\n" +
      'export { insertArtist, artistRoutes };\n';
    expect(await domainImports('api/src/domains/trends/x.ts', code, withException)).toEqual([
      "'../artists/routes.js' is a private file of the artists domain: import '../artists/index.js' instead " +
        '(add what you need to its public face).',
    ]);
  });

  it('lists as still to move only imports that are still there', () => {
    const stale = DOMAIN_IMPORTS_STILL_TO_MOVE.filter((pair) => {
      const [from, to] = pair.split(' -> ');
      const file = path.join(root, from);
      if (!fs.existsSync(file)) return true;
      const sources = [...fs.readFileSync(file, 'utf8').matchAll(/(?:from|import\()\s*'(\.[^']+)'/g)];
      return !sources.some(
        ([, source]) =>
          path.relative(root, path.resolve(path.dirname(file), source)).replace(/\.js$/, '.ts') === to,
      );
    });
    expect(stale).toEqual([]);
  });
});
