import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Imports flow one way (DESIGN.md section 3): packages <- shared <- features/modules <- app/server.
 * A feature never reaches into another feature, a module never into another module's internals.
 */
const featureZones = ['auth', 'marketing', 'music', 'creator', 'recharge', 'exchange', 'download', 'i18n', 'analytics', 'shell', 'upload', 'region'].map(
  (feature) => ({
    target: `./apps/web/src/features/${feature}`,
    from: './apps/web/src/features',
    except: [`./${feature}`],
    message: 'A feature does not import another feature; move what both need to shared/.',
  }),
);

export default tseslint.config(
  { ignores: ['**/dist/**', '**/dist-ssr/**', '**/node_modules/**', 'data/**', '**/drizzle/meta/**', 'test-results/**', 'bench/.results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX },
    rules: {
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
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='AppError'] > Literal.arguments:first-child, NewExpression[callee.name='AppError'] > ConditionalExpression.arguments:first-child > Literal",
          message: 'Name the error: new AppError(Errors.X) with Errors from @vsp/contract/error-codes, not a bare number.',
        },
        {
          selector: "BinaryExpression[operator=/^[!=]==?$/][left.property.name='code'] > Literal.right[raw=/^[0-9]{4,}$/]",
          message: 'Compare with a named error (Errors.X from @vsp/contract/error-codes), not a bare number.',
        },
      ],
    },
  },
  {
    // Browser code takes the operation table's types only: no schema (nor TypeBox) in a bundle (decision 0116).
    files: ['apps/web/**/*.{ts,tsx}', 'apps/console/**/*.{ts,tsx}', 'packages/api-client/**/*.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { paths: [{ name: '@vsp/contract/endpoints/api', allowTypeImports: true, message: 'Import the operation table as a type.' }] }] },
  },
  {
    files: ['scripts/**', 'bench/**', 'apps/server/src/server.ts', 'apps/server/src/admin.ts', 'apps/server/build.mjs', '.ci/**'],
    rules: { 'no-console': 'off' },
  },
);
