// Packs @ledgerleaf/domain and @ledgerleaf/ui as they would be published, unpacks them into a
// throw-away project OUTSIDE the workspace and proves two things a consumer relies on:
//   1. Node resolves and imports them through their `exports` map (runtime);
//   2. TypeScript (moduleResolution NodeNext, strict) finds their types.
// Third-party dependencies are linked from the workspace's own node_modules, so no registry is needed.
import { execFileSync } from 'node:child_process';
import {
  mkdtempSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
  existsSync,
  realpathSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const work = mkdtempSync(join(tmpdir(), 'ledgerleaf-consumer-'));
const modules = join(work, 'node_modules');
mkdirSync(modules, { recursive: true });

const packages = ['domain', 'ui'];
const linked = new Set();

function link(name, from) {
  if (linked.has(name)) return;
  const target = join(modules, name);
  if (existsSync(target)) return;
  mkdirSync(dirname(target), { recursive: true });
  symlinkSync(realpathSync(from), target, 'dir');
  linked.add(name);
}

try {
  for (const name of packages) {
    const dir = join(root, 'packages', name);
    if (!existsSync(join(dir, 'dist'))) throw new Error(`packages/${name} has no dist: run the build first`);
    const packDir = join(work, 'packs');
    mkdirSync(packDir, { recursive: true });
    execFileSync('pnpm', ['pack', '--pack-destination', packDir], { cwd: dir, stdio: 'pipe' });
    const tarball = readdirSync(packDir).find((file) => file.startsWith(`ledgerleaf-${name}-`));
    const target = join(modules, '@ledgerleaf', name);
    mkdirSync(target, { recursive: true });
    execFileSync('tar', ['-xzf', join(packDir, tarball), '-C', target, '--strip-components=1']);
    rmSync(join(packDir, tarball));
    // A packed package must not point into the workspace.
    const manifest = JSON.parse(readFileSync(join(target, 'package.json'), 'utf8'));
    for (const [dep, range] of Object.entries({ ...manifest.dependencies, ...manifest.peerDependencies })) {
      if (String(range).startsWith('workspace:') || String(range).startsWith('catalog:')) {
        throw new Error(`${manifest.name} still declares ${dep}@${range} after packing`);
      }
      link(dep, join(dir, 'node_modules', dep));
    }
  }
  for (const dep of ['@types/react', '@types/react-dom', 'react-dom', 'typescript']) {
    const from = join(root, 'packages', 'ui', 'node_modules', dep);
    if (existsSync(from)) link(dep, from);
  }

  writeFileSync(join(work, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  writeFileSync(
    join(work, 'runtime.mjs'),
    `import { registerRequestSchema, toCents, MESSAGES } from '@ledgerleaf/domain';
import * as ui from '@ledgerleaf/ui';
if (toCents('12.34') !== 1234) throw new Error('domain: toCents');
if (registerRequestSchema.safeParse({}).success) throw new Error('domain: schema');
if (typeof MESSAGES.phoneInvalid !== 'string') throw new Error('domain: messages');
for (const name of ['UiProvider', 'AuthLayout', 'AppLayout', 'ConfirmationProvider', 'useConfirm', 'useToast']) {
  if (!(name in ui)) throw new Error('ui: missing export ' + name);
}
console.log('consumer runtime: ok');
`,
  );
  writeFileSync(
    join(work, 'types.ts'),
    `import { registerRequestSchema, type RegisterRequest, type User } from '@ledgerleaf/domain';
import { AuthLayout, useConfirm } from '@ledgerleaf/ui';
const request: RegisterRequest = registerRequestSchema.parse({ name: 'a', business_name: 'b', email: 'a@b.co', password: '12345678', password_confirmation: '12345678' });
const user: Pick<User, 'email'> = { email: request.email };
// @ts-expect-error a number is not an email
const wrong: Pick<User, 'email'> = { email: 42 };
export const checks = [user, wrong, AuthLayout, useConfirm];
`,
  );
  writeFileSync(
    join(work, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        target: 'ES2023',
        strict: true,
        noEmit: true,
        jsx: 'react-jsx',
        skipLibCheck: false,
        lib: ['ES2023', 'ESNext.Collection', 'DOM', 'DOM.Iterable'],
        types: [],
      },
      files: ['types.ts'],
    }),
  );
  execFileSync(process.execPath, ['runtime.mjs'], { cwd: work, stdio: 'inherit' });
  execFileSync(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json'], {
    cwd: work,
    stdio: 'inherit',
  });
  console.log('consumer types: ok');
} finally {
  rmSync(work, { recursive: true, force: true });
}
