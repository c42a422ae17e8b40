import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The boundary rules must fire (issue 29): a rule whose import resolver or folder list went stale
 * matches nothing and passes silently. Each probe is an import the architecture forbids, linted as
 * if it were a file in that place; lint must flag it with the rule that forbids it. The feature and
 * module lists are read from the tree, so a new feature or module is probed without editing this.
 */
const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

const folders = (relative: string) =>
  readdirSync(path.join(root, relative), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

/** A source file of a folder (not a test), to import from a probe. */
function someFileOf(relative: string): string {
  const walk = (dir: string): string | undefined => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && entry.name !== 'index.ts') return full;
      if (entry.isDirectory()) {
        const found = walk(full);
        if (found) return found;
      }
    }
    return undefined;
  };
  const found = walk(path.join(root, relative));
  if (!found) throw new Error(`no source file in ${relative}`);
  return found;
}

/** The rules lint reports for `from` importing `target` (both paths relative to the root). */
async function rulesFor(from: string, target: string): Promise<string[]> {
  const filePath = path.join(root, from);
  let specifier = path.relative(path.dirname(filePath), target.startsWith('/') ? target : path.join(root, target)).replace(/\.tsx?$/, '');
  if (!specifier.startsWith('.')) specifier = `./${specifier}`;
  const code = `import * as probe from '${specifier}';\nexport const used = probe;\n`;
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((m) => m.ruleId ?? m.message);
}

const RESTRICTED = 'import-x/no-restricted-paths';
const features = folders('apps/web/src/features');
const modules = folders('apps/server/src/modules');

describe('boundary lint rules fire (issue 29)', () => {
  it('reads more than one feature and module from the tree', () => {
    expect(features.length).toBeGreaterThan(5);
    expect(modules.length).toBeGreaterThan(5);
  });

  it.each(features)('flags the web feature %s importing another feature', async (feature) => {
    const other = features.find((f) => f !== feature)!;
    expect(await rulesFor(`apps/web/src/features/${feature}/probe.ts`, someFileOf(`apps/web/src/features/${other}`))).toContain(RESTRICTED);
  });

  it.each(modules)('flags the server module %s importing another module past its index', async (module) => {
    const other = modules.find((m) => m !== module && statSync(path.join(root, 'apps/server/src/modules', m)).isDirectory())!;
    expect(await rulesFor(`apps/server/src/modules/${module}/probe.ts`, someFileOf(`apps/server/src/modules/${other}`))).toContain(RESTRICTED);
  });

  it.each([
    ['web shared importing a feature', 'apps/web/src/shared/probe.ts', () => someFileOf('apps/web/src/features/recharge')],
    ['web shared importing the app', 'apps/web/src/shared/probe.ts', () => someFileOf('apps/web/src/app')],
    ['a web feature importing the app', 'apps/web/src/features/recharge/probe.ts', () => someFileOf('apps/web/src/app')],
    ['the website importing the server', 'apps/web/src/probe.ts', () => 'apps/server/src/config.ts'],
    ['the console importing the server', 'apps/console/src/probe.ts', () => 'apps/server/src/config.ts'],
    ['server shared importing a module', 'apps/server/src/shared/probe.ts', () => someFileOf('apps/server/src/modules/recharge')],
    ['a package importing an app', 'packages/contract/src/probe.ts', () => someFileOf('apps/web/src/shared')],
  ])('flags %s', async (_name, from, target) => {
    expect(await rulesFor(from, target())).toContain(RESTRICTED);
  });

  /** Every module's schema files: the tables it owns (decision 0159). */
  const schemaFiles = modules.flatMap((module) =>
    (readdirSync(path.join(root, 'apps/server/src/modules', module), { recursive: true }) as string[])
      .filter((file) => file.endsWith('.schema.ts'))
      .map((file) => ({ module, file: `apps/server/src/modules/${module}/${file}` })),
  );

  it.each(schemaFiles)("flags a repository of another module reading the tables of $file", async ({ module, file }) => {
    const other = modules.find((m) => m !== module)!;
    expect(await rulesFor(`apps/server/src/modules/${other}/probe.repository.ts`, file)).toContain(RESTRICTED);
  });

  it("lets a schema file name another module's table for a foreign key, and nothing else of it", async () => {
    expect(schemaFiles.length).toBeGreaterThan(10);
    expect(await rulesFor('apps/server/src/modules/music/probe.schema.ts', 'apps/server/src/modules/accounts/users.schema.ts')).not.toContain(RESTRICTED);
    expect(await rulesFor('apps/server/src/modules/music/probe.schema.ts', someFileOf('apps/server/src/modules/accounts'))).toContain(RESTRICTED);
  });

  it('allows what the architecture allows: a feature importing shared, a module importing another through its index', async () => {
    expect(await rulesFor('apps/web/src/features/recharge/probe.ts', someFileOf('apps/web/src/shared'))).not.toContain(RESTRICTED);
    expect(await rulesFor('apps/server/src/modules/recharge/probe.ts', 'apps/server/src/modules/wallet/index.ts')).not.toContain(RESTRICTED);
  });

  it.each(features)('flags the web feature %s making queries out of date by hand instead of with useInvalidatingMutation', async (feature) => {
    const code = 'declare const queryClient: { invalidateQueries(): void; setQueryData(): void };\nqueryClient.invalidateQueries();\nqueryClient.setQueryData();\nexport {};\n';
    const [result] = await eslint.lintText(code, { filePath: path.join(root, `apps/web/src/features/${feature}/probe.ts`) });
    expect(result!.messages.filter((m) => m.ruleId === 'no-restricted-properties')).toHaveLength(2);
  });

  /** Every place code of ours lives: each app's and each package's source folder. */
  const places = [...folders('apps').map((app) => `apps/${app}/src`), ...folders('packages').map((pkg) => `packages/${pkg}/src`)];

  it.each(places)('flags code under %s building an Intl formatter of its own instead of asking intl-formats (decision 0175)', async (place) => {
    const code = "export const day = new Intl.DateTimeFormat('en', { dateStyle: 'long' });\n";
    const [result] = await eslint.lintText(code, { filePath: path.join(root, place, 'probe.ts') });
    expect(result!.messages.map((m) => m.ruleId)).toContain('no-restricted-syntax');
  });

  it('lets intl-formats build them', async () => {
    const [result] = await eslint.lintText("export const day = new Intl.DateTimeFormat('en');\n", { filePath: path.join(root, 'packages/contract/src/intl-formats.ts') });
    expect(result!.messages.map((m) => m.ruleId)).not.toContain('no-restricted-syntax');
  });

  it('lets every server module import what a module is (modules/server-module.ts)', async () => {
    for (const module of modules) expect(await rulesFor(`apps/server/src/modules/${module}/probe.ts`, 'apps/server/src/modules/server-module.ts')).not.toContain(RESTRICTED);
  });

  describe('import cycles, in every app and package', () => {
    const probeDir = path.join(root, '.lint-probe');
    afterAll(() => rmSync(probeDir, { recursive: true, force: true }));

    it.each(['apps/web/src', 'apps/console/src', 'apps/server/src', 'packages/contract/src'])('flags a cycle under %s', async (place) => {
      // Two files that import each other, in a folder of their own (the config's rules for `place`).
      const dir = path.join(probeDir, place);
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, 'a.ts'), "import { b } from './b';\nexport const a = () => b;\n");
      writeFileSync(path.join(dir, 'b.ts'), "import { a } from './a';\nexport const b = () => a;\n");
      const [result] = await eslint.lintFiles([path.join(dir, 'a.ts')]);
      expect(result!.messages.map((m) => m.ruleId)).toContain('import-x/no-cycle');
    });
  });
});
