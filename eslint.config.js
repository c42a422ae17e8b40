import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Imports flow one way (DESIGN.md section 3): packages <- shared <- features/modules <- app/server.
 * A feature never reaches into another feature, a module never into another module's internals.
 */
const foldersOf = (path) =>
  readdirSync(new URL(path, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/** Every feature folder, read from the tree: a new feature is fenced in without editing this file. */
const featureZones = foldersOf('./apps/web/src/features').map((feature) => ({
  target: `./apps/web/src/features/${feature}`,
  from: './apps/web/src/features',
  except: [`./${feature}`],
  message: 'A feature does not import another feature; move what both need to shared/.',
}));

/** A server module uses another only through what its index.ts exports (decision 0117). */
const serverModules = foldersOf('./apps/server/src/modules');
const serverModuleZones = serverModules.map((module) => ({
  target: `./apps/server/src/modules/${module}`,
  from: './apps/server/src/modules',
  // What a module is (modules/server-module.ts) is every module's to import.
  except: [`./${module}`, './server-module.ts', ...serverModules.filter((other) => other !== module).map((other) => `./${other}/index.ts`)],
  message: 'A server module imports another only through its index.ts.',
}));

/**
 * Each table belongs to one module (decision 0159): its `*.schema.ts` files. Only schema files may
 * import another module's schema file, for a foreign key; every other file asks the owning module
 * through its index.ts.
 */
const schemaFilesOf = (module) =>
  readdirSync(new URL(`./apps/server/src/modules/${module}`, import.meta.url), { recursive: true })
    .filter((file) => String(file).endsWith('.schema.ts'))
    .map((file) => `./${module}/${file}`);
const schemaZones = serverModules.map((module) => ({
  ...serverModuleZones.find((zone) => zone.target.endsWith(`/${module}`)),
  except: [`./${module}`, './server-module.ts', ...serverModules.filter((other) => other !== module).flatMap((other) => [`./${other}/index.ts`, ...schemaFilesOf(other)])],
  message: "A schema file imports another module's schema file only for a foreign key.",
}));

/** Errors are named, never numbered (decision 0113). */
const namedErrors = [
  {
    selector: "NewExpression[callee.name='AppError'] > Literal.arguments:first-child, NewExpression[callee.name='AppError'] > ConditionalExpression.arguments:first-child > Literal",
    message: 'Name the error: new AppError(Errors.X) with Errors from @vsp/contract/error-codes, not a bare number.',
  },
  {
    selector: "BinaryExpression[operator=/^[!=]==?$/][left.property.name='code'] > Literal.right[raw=/^[0-9]{4,}$/]",
    message: 'Compare with a named error (Errors.X from @vsp/contract/error-codes), not a bare number.',
  },
];

/**
 * Intl's formatters are built once per language and options and kept (decision 0175): code asks
 * @vsp/contract/intl-formats for them, never builds its own nor formats through toLocaleString.
 */
const keptFormatters = [
  {
    selector: "NewExpression[callee.object.name='Intl']",
    message: 'Ask @vsp/contract/intl-formats for the formatter (built once per language and options, decision 0175).',
  },
];
const pageLanguageFormatting = [
  {
    selector: "CallExpression[callee.property.name=/^toLocale(Date|Time)?String$/]",
    message: "Format in the page's language with @vsp/contract/intl-formats (decision 0175), not the browser's.",
  },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-ssr/**', '**/node_modules/**', 'data/**', '**/drizzle/meta/**', 'test-results/**', 'bench/.results/**', '.cache/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX },
    // Resolves extensionless TypeScript imports everywhere, without which the zones match nothing
    // (the probe in e2e/integration/lint-boundaries.test.ts fails if they go dead again).
    settings: {
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
      'import-x/extensions': ['.ts', '.tsx'],
      'import-x/ignore': ['node_modules'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './packages', from: './apps', message: 'packages never import apps.' },
            { target: './apps/web/src/shared', from: './apps/web/src/features', message: 'shared never imports features.' },
            { target: './apps/web/src/shared', from: './apps/web/src/app', message: 'shared never imports app.' },
            { target: './apps/web/src/features', from: './apps/web/src/app', message: 'features never import app.' },
            { target: './apps/server/src/shared', from: './apps/server/src/modules', message: 'shared never imports modules.' },
            { target: './apps/web', from: './apps/server', message: 'the website never imports the server.' },
            { target: './apps/console', from: './apps/server', message: 'the console never imports the server.' },
            ...featureZones,
          ],
        },
      ],
    },
  },
  {
    // Tests may reach into another module to set up its state.
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: serverModuleZones }] },
  },
  {
    files: ['apps/server/src/modules/**/*.schema.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: schemaZones }] },
  },
  {
    files: ['apps/web/**/*.tsx', 'apps/console/**/*.tsx', 'apps/web/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Errors are named, never numbered (decision 0113): `new AppError(Errors.OrderNotFound)`, and
    // `code === Errors.TooManyUnpaidOrders`. Tests may still write a number where the number itself
    // is what they check.
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/test/**'],
    rules: {
      'no-restricted-syntax': ['error', ...namedErrors, ...keptFormatters, ...pageLanguageFormatting],
    },
  },
  {
    // The one place that builds Intl's formatters.
    files: ['packages/contract/src/intl-formats.ts'],
    rules: { 'no-restricted-syntax': ['error', ...namedErrors] },
  },
  {
    // Fixtures are for tests and benchmarks; runtime code never ships them (decision 0115).
    files: ['apps/**/*.ts', 'apps/**/*.tsx', 'packages/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', 'packages/outfit-format/testing/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@vsp/outfit-format/testing', '**/testing/outfit-fixtures'], message: 'Test fixtures are imported by tests and benchmarks only.' }] },
      ],
    },
  },
  {
    // The wire contract does not depend on the outfit file format; the format depends on it (decision 0115).
    files: ['packages/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['@vsp/outfit-format', '@vsp/outfit-format/*'], message: 'The contract never imports the outfit file format.' }] }],
    },
  },
  {
    // Browser code takes the operation table's types only: no schema (nor TypeBox) in a bundle (decision 0116).
    files: ['apps/web/**/*.{ts,tsx}', 'apps/console/**/*.{ts,tsx}', 'packages/api-client/**/*.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { paths: [{ name: '@vsp/contract/endpoints/api', allowTypeImports: true, message: 'Import the operation table as a type.' }] }] },
  },
  {
    // Per-address limits count an IPv6 client by its /64 (decision 0140): server code reads the
    // address through request.clientAddress; only the country lookup needs the full address.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'apps/server/src/modules/geo/**', 'apps/server/src/plugins/rate-limit.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...namedErrors,
        ...keptFormatters,
        ...pageLanguageFormatting,
        {
          selector: "MemberExpression[property.name='ip'][object.name=/^(request|req)$/]",
          message: 'Count addresses with request.clientAddress (an IPv6 client by its /64), not request.ip.',
        },
      ],
    },
  },
  {
    // Tests wait for states, never for times (decision 0138): the ceilings live in
    // e2e/support/waits.ts and apply everywhere; a test writes no shorter budget of its own.
    files: ['**/*.test.{ts,tsx}', '**/*.e2e.ts', '**/*.cluster.ts', 'e2e/support/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "Property[key.name='timeout'][value.type='Literal'][value.value<120000]",
          message: 'A busy machine can exceed a short budget: wait for the state with the default ceiling (e2e/support/waits.ts).',
        },
        {
          selector: "CallExpression[callee.name=/^(it|test|beforeAll|afterAll|beforeEach|afterEach)$/] > Literal.arguments[value>=0]",
          message: 'A busy machine can exceed a test budget: the configured ceiling applies to every test and hook.',
        },
        {
          selector: "CallExpression[callee.object.name='vi'][callee.property.name='waitFor']",
          message: "vi.waitFor gives up after one second: use expect.poll, which waits up to the configured ceiling.",
        },
      ],
    },
  },
  {
    files: ['scripts/**', 'bench/**', 'apps/server/src/server.ts', 'apps/server/src/admin.ts', 'apps/server/build.mjs', '.ci/**'],
    rules: { 'no-console': 'off' },
  },
  {
    // A console page reads through queries.ts and writes through mutations.ts (decision 0163), never
    // the client itself. This replaces the rule's options for these files, so it repeats namedErrors.
    files: ['apps/console/src/pages/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...namedErrors,
        ...keptFormatters,
        {
          selector: "ImportDeclaration[source.value=/\\/api\\/api$/] > :matches(ImportSpecifier[imported.name='api'], ImportNamespaceSpecifier)",
          message: 'A console page reads through queries.ts (useQuery(queries.x())) and writes through mutations.ts (useMutation(mutations.x())), never with api itself (decision 0163).',
        },
      ],
    },
  },
  {
    // After a write the website makes its queries out of date one way: useInvalidatingMutation
    // (shared/http). A page never edits or drops cached answers itself (decision 0167).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/shared/http/**', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['invalidateQueries', 'setQueryData', 'setQueriesData', 'resetQueries', 'removeQueries', 'refetchQueries'].map((property) => ({
          property,
          message: 'After a write, name what it makes out of date with useInvalidatingMutation (shared/http, decision 0167).',
        })),
      ],
    },
  },
);
