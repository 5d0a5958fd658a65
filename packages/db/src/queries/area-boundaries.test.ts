import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/* The lint zones of eslint.config.js (ledgerleaf/area-boundaries): an area's queries import shared/ and their declared areas only. */

const packageRoot = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: packageRoot });

async function restrictedImports(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${packageRoot}/${path}` });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'ledgerleaf/area-boundaries').map((m) => m.message);
}

describe('query area boundaries', () => {
  it("refuses another area's file in an area's queries and any area in shared/", async () => {
    const goals = await restrictedImports(
      'src/queries/goals/probe.ts',
      "import { listLeads } from '../crm/leads';\nexport const probe = listLeads;\n",
    );
    expect(goals).toHaveLength(1);
    expect(goals[0]).toMatch(/^The goals area may not import the crm area/);
    const shared = await restrictedImports(
      'src/queries/shared/probe.ts',
      "import { findGoal } from '../goals/goals';\nexport const probe = findGoal;\n",
    );
    expect(shared).toEqual(['src/queries/shared/ is below every area: it may not import src/queries/goals/goals']);
  }, 30_000);

  it('allows shared/, a declared dependency, and any import in tests', async () => {
    expect(
      await restrictedImports(
        'src/queries/goals/probe.ts',
        "import { num } from '../shared/sql';\nexport const probe = num;\n",
      ),
    ).toEqual([]);
    expect(
      await restrictedImports(
        'src/queries/dashboard/probe.ts',
        "import { INVOICE_UNPAID_STATUSES } from '../invoicing/invoice-lists';\nexport const probe = INVOICE_UNPAID_STATUSES;\n",
      ),
    ).toEqual([]);
    expect(
      await restrictedImports(
        'src/queries/goals/probe.test.ts',
        "import { listLeads } from '../crm/leads';\nexport const probe = listLeads;\n",
      ),
    ).toEqual([]);
  }, 30_000);
});
