import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The lint that keeps the server's areas apart (apps/server/eslint.config.js, AREA_DEPENDENCIES):
 * code at a path of the real tree, linted with the server's own config, so `pnpm lint` fails the
 * same way on the same import.
 */
const cwd = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd });

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = value;\n`, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'ledgerleaf/area-boundaries')
    .map((message) => message.message);
}

describe('area boundaries', () => {
  it('let an area import what it declares, through its index', async () => {
    expect(await boundaryErrors('src/areas/calendar/x.ts', "import { value } from '../crm';")).toEqual([]);
    expect(await boundaryErrors('src/areas/calendar/x.ts', "import { value } from '../invoicing/index';")).toEqual([]);
    expect(await boundaryErrors('src/areas/crm/x.ts', "import { value } from './crm-common';")).toEqual([]);
    expect(
      await boundaryErrors(
        'src/areas/invoicing/clients/x.ts',
        "import { value } from '../recurring/recurring.service';",
      ),
    ).toEqual([]);
    expect(await boundaryErrors('src/areas/goals/x.ts', "import { value } from '../../lib/business-clock';")).toEqual(
      [],
    );
  });

  it("refuse another area's internals", async () => {
    expect(
      await boundaryErrors('src/areas/calendar/x.ts', "import { value } from '../crm/activities.service';"),
    ).toEqual(["Import the crm area through its index ('../crm'), not its internals"]);
  });

  it('refuse an area that is not declared, from any depth', async () => {
    expect(await boundaryErrors('src/areas/dashboard/x.ts', "import { value } from '../invoicing';")).toEqual([
      "The dashboard area may not import the invoicing area: declare invoicing among dashboard's dependencies (AREA_DEPENDENCIES in eslint.config.js) if it must, and import it through '../invoicing'",
    ]);
    const [message] = await boundaryErrors(
      'src/areas/invoicing/clients/x.ts',
      "export { value } from '../../crm/crm-common';",
    );
    expect(message).toMatch(/^The invoicing area may not import the crm area/);
  });

  it('refuse the registry to areas and every area to lib', async () => {
    expect(await boundaryErrors('src/areas/goals/x.ts', "import { value } from '..';")).toEqual([
      'An area may not import the registry of areas (areas/index.ts)',
    ]);
    expect(await boundaryErrors('src/lib/x.ts', "import { value } from '../areas/crm';")).toEqual([
      'src/lib/ is below every area: it may not import src/areas/crm',
    ]);
    // A test may use another area's test helpers (fixtures made through the API); product code may not.
    expect(
      await boundaryErrors('src/areas/reports/x.test.ts', "import { value } from '../crm/crm.test-helpers';"),
    ).toEqual([]);
    expect(
      await boundaryErrors('src/areas/reports/x.ts', "import { value } from '../crm/crm.test-helpers';"),
    ).toHaveLength(1);
    // Outside the areas and lib (the app, the demo, the API document), nothing is checked.
    expect(await boundaryErrors('src/demo/x.ts', "import { value } from '../areas/goals/goals.service';")).toEqual([]);
  });
});
