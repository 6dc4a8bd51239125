import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { AREAS } from '../start/areas.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const eslint = new ESLint({ cwd: root });

async function restrictedImports(file, code) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

// The first lint loads the whole configuration (typescript-eslint, the plugins): seconds on a busy 2-core machine.
describe('module boundaries', { timeout: 60_000 }, () => {
  it('an area may not import another area, by package or by path', async () => {
    expect(
      await restrictedImports(
        'mfe-wallet/src/x.ts',
        "import { area } from '@tunehouse/mfe-releases';\nexport { area };\n",
      ),
    ).toHaveLength(1);
    expect(
      await restrictedImports(
        'mfe-wallet/src/x.ts',
        "import { area } from '../../mfe-releases/src/area.js';\nexport { area };\n",
      ),
    ).toHaveLength(1);
  });

  it('an area may import libs and its own files', async () => {
    expect(
      await restrictedImports(
        'mfe-wallet/src/x.ts',
        "import { Page } from '@tunehouse/ui';\nimport { area } from './area.js';\nexport { Page, area };\n",
      ),
    ).toEqual([]);
  });

  it('the shell may not import an area at build time', async () => {
    expect(
      await restrictedImports(
        'shell/src/x.ts',
        "import { area } from '../../mfe-auth/src/area.js';\nexport { area };\n",
      ),
    ).toHaveLength(1);
  });

  it('libs never import apps, and contracts imports nothing of ours', async () => {
    expect(
      await restrictedImports(
        'libs/ui/src/x.ts',
        "import { ShellApp } from '../../../shell/src/shell-app.js';\nexport { ShellApp };\n",
      ),
    ).toHaveLength(1);
    expect(
      await restrictedImports(
        'libs/contracts/src/x.ts',
        "import { theme } from '@tunehouse/ui';\nexport { theme };\n",
      ),
    ).toHaveLength(1);
  });

  it('fences in every area that has a manifest, so a new area is covered as soon as it declares itself', async () => {
    for (const [index, area] of AREAS.entries()) {
      const other = AREAS[(index + 1) % AREAS.length];
      expect(
        await restrictedImports(
          `${area.dir}/src/x.ts`,
          `import { area } from '@tunehouse/${other.dir}';\nexport { area };\n`,
        ),
        `${area.dir} importing ${other.dir}`,
      ).toHaveLength(1);
    }
  });
});
