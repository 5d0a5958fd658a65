import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';

/**
 * `ledgerleaf/area-boundaries`: areas stay out of each other (ARCHITECTURE.md, rule 8): the server's
 * `src/areas/<area>/` and the db's `src/queries/<area>/`. A file under `areasDir/<area>/` imports its
 * own area, `libDir`, packages, and another area only if it declares it in `dependencies[<area>]`, and
 * then only through that area's `index.ts` (unless `viaIndex` is false: the db's areas have no index).
 * A product file of `libDir` (which may sit inside `areasDir`, as the db's `shared/`) imports no area:
 * it is below every area. Tests may also use another area's test helpers and fixtures, or with
 * `tests: 'any'` anything. Relative imports only: packages are the layer rules' business.
 */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: "Keep the server's areas apart: declared dependencies, through their index.ts only" },
    schema: [
      {
        type: 'object',
        properties: {
          areasDir: { type: 'string' },
          libDir: { type: 'string' },
          dependencies: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
          viaIndex: { type: 'boolean' },
          tests: { enum: ['helpers', 'any'] },
        },
        required: ['areasDir', 'libDir', 'dependencies'],
        additionalProperties: false,
      },
    ],
    messages: {
      undeclared:
        "The {{from}} area may not import the {{to}} area: declare {{to}} among {{from}}'s dependencies (AREA_DEPENDENCIES in eslint.config.js) if it must{{through}}",
      internals: "Import the {{to}} area through its index ('{{index}}'), not its internals",
      registry: 'An area may not import the registry of areas (areas/index.ts)',
      lib: '{{lib}}/ is below every area: it may not import {{to}}',
    },
  },
  create(context) {
    const { areasDir, libDir, dependencies, viaIndex = true, tests = 'helpers' } = context.options[0];
    const cwd = context.cwd ?? process.cwd();
    const areas = resolve(cwd, areasDir);
    const lib = resolve(cwd, libDir);
    const filename = context.filename;
    const inside = (dir, path) => {
      const rel = relative(dir, path);
      return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
    };
    /** `[area, ...rest]` of a path under areas/, or undefined. */
    const partsOf = (path) => (inside(areas, path) ? relative(areas, path).split(sep).filter(Boolean) : undefined);
    const isTest = /\.test(-helpers)?\.tsx?$|test-fixtures\.tsx?$/.test(filename);
    const inLib = inside(lib, filename);
    const own = inLib ? undefined : partsOf(filename);
    const fromArea = own && own.length > 1 ? own[0] : undefined; // areas/index.ts (the registry) is no area
    const fromLib = inLib && !isTest;
    if (!fromArea && !fromLib) return {};
    if (isTest && tests === 'any') return {};

    function check(node) {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = resolve(dirname(filename), source);
      const parts = partsOf(target);
      if (inside(lib, target)) return;
      if (fromLib) {
        if (parts)
          context.report({ node: node.source, messageId: 'lib', data: { lib: libDir, to: relative(cwd, target) } });
        return;
      }
      if (!parts) return;
      if (parts.length === 0 || (parts.length === 1 && /^index(\.ts)?$/.test(parts[0]))) {
        context.report({ node: node.source, messageId: 'registry' });
        return;
      }
      const to = parts[0];
      if (to === fromArea) return;
      if (isTest && /(\.test-helpers|test-fixtures)(\.ts)?$/.test(target)) return;
      const index = relative(dirname(filename), resolve(areas, to)).split(sep).join('/');
      const through = index.startsWith('.') ? index : `./${index}`;
      const data = {
        from: fromArea,
        to,
        index: through,
        through: viaIndex ? `, and import it through '${through}'` : '',
      };
      if (!(dependencies[fromArea] ?? []).includes(to)) {
        context.report({ node: node.source, messageId: 'undeclared', data });
      } else if (viaIndex && !(parts.length === 1 || (parts.length === 2 && /^index(\.ts)?$/.test(parts[1])))) {
        context.report({ node: node.source, messageId: 'internals', data });
      }
    }
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export const areaBoundariesPlugin = { rules: { 'area-boundaries': rule } };

/**
 * The flat-config entry that turns the rule on for a server.
 * @param {{ areasDir: string, libDir: string, dependencies: Record<string, string[]> }} options
 */
export function areaBoundaries(options) {
  return {
    files: ['**/*.ts'],
    plugins: { ledgerleaf: areaBoundariesPlugin },
    rules: { 'ledgerleaf/area-boundaries': ['error', options] },
  };
}
