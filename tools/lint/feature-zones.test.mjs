import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The repository's own configuration: the rule fires as `npx eslint .` runs it. */
const repository = new ESLint({ cwd: root });

async function zoneErrors(file, code) {
  const [result] = await repository.lintText(code, { filePath: path.join(root, file) });
  return result.messages
    .filter((message) => message.ruleId === 'tunehouse/feature-zones')
    .map((message) => message.message);
}

// The first lint loads the whole configuration (typescript-eslint, the plugins): seconds on a busy 2-core machine.
describe("an area's feature folders hold", { timeout: 60_000 }, () => {
  it("refuses another feature's file, naming both features", async () => {
    expect(
      await zoneErrors(
        'mfe-wallet/src/invoices/x.tsx',
        "import { payoutQuery } from '../payouts/payout-queries.js';\nexport { payoutQuery };\n",
      ),
    ).toEqual([
      "'../payouts/payout-queries.js' belongs to the payouts feature: a file of the invoices feature imports its " +
        'own files, shared/ and libraries only (move what both need to shared/).',
    ]);
  });

  it('refuses it from a nested file, a re-export and a dynamic import alike', async () => {
    const errors = await zoneErrors(
      'mfe-auth/src/admin/periods/x.ts',
      "export { badge } from '../../account/badge-colors.js';\n" +
        "export const load = () => import('../../verify/verify-page.js');\n",
    );
    expect(errors).toHaveLength(2);
  });

  it("allows the feature's own files, shared/, libraries, and fixtures in tests", async () => {
    const code =
      "import { a } from './a.js';\nimport { b } from '../shared/b.js';\nimport { c } from '@tunehouse/ui';\n" +
      'export { a, b, c };\n';
    expect(await zoneErrors('mfe-splits/src/invite/x.tsx', code)).toEqual([]);
    const test = "import { fixture } from '../testing/split-fixtures.js';\nexport { fixture };\n";
    expect(await zoneErrors('mfe-splits/src/invite/x.test.tsx', test)).toEqual([]);
    expect(await zoneErrors('mfe-splits/src/invite/x.tsx', test)).toHaveLength(1);
  });

  it("lets the area's root files compose its features", async () => {
    const code = "import { WalletPage } from './wallet/wallet-page.js';\nexport { WalletPage };\n";
    expect(await zoneErrors('mfe-wallet/src/area.tsx', code)).toEqual([]);
  });
});
