import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// ── Boundaries (docs/jobs-and-transactions.md) ──────────────────────────────────────────
// import-x resolves each import to a file, so these rules see through relative paths.
const root = import.meta.dirname;
const webFeatures = path.join(root, 'apps/web/src/features');
const featureNames = fs
  .readdirSync(webFeatures, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * Features do not import each other, with no per-file exceptions: shared code moves to `lib/`,
 * features are composed in `app/`, and a feature the others need (auth) is reached only
 * through its one public entry file, listed here from the repository root; everything else in
 * it stays private (docs/architecture.md "Web").
 */
export const FEATURE_PUBLIC_ENTRIES = ['apps/web/src/features/auth/public.ts', 'apps/web/src/features/basket/public.ts', 'apps/web/src/features/checkout/public.ts'];

const restrictedZones = () => [
  {
    target: 'apps/web/src/lib',
    from: 'apps/web/src/features',
    message: 'lib/ is shared by every feature and must not depend on one.',
  },
  ...featureNames.map((feature) => ({
    target: `apps/web/src/features/${feature}`,
    from: 'apps/web/src/features',
    except: [`./${feature}`, ...FEATURE_PUBLIC_ENTRIES.map((file) => path.relative('apps/web/src/features', file))],
    message: 'Features do not import each other: move the shared code to lib/, or compose them in app/.',
  })),
  {
    target: 'apps/api/src/lib',
    from: 'apps/api/src/modules',
    message: 'API lib/ is shared plumbing and must not depend on a module.',
  },
];

/**
 * API files allowed to build queries outside a repository (a library adapter, say), each with
 * its reason and a line in docs/architecture.md "Known exceptions". Empty: keep it that way.
 */
export const KNOWN_QUERIES_OUTSIDE_REPOSITORIES = [];

/** Query building belongs to repositories: a Kysely import or a query started on a db handle. */
const QUERY_BUILDERS = 'selectFrom|selectNoFrom|insertInto|updateTable|deleteFrom|mergeInto|replaceInto|with|withRecursive';
const kyselyOnlyInRepositories = {
  files: ['apps/api/src/**/*.ts'],
  ignores: [
    'apps/api/src/modules/*/repository.ts',
    'apps/api/src/jobs/repository.ts',
    'apps/api/src/db/**',
    'apps/api/src/**/*.test.ts',
    ...KNOWN_QUERIES_OUTSIDE_REPOSITORIES,
  ],
  rules: {
    '@typescript-eslint/no-restricted-imports': [
      'error',
      {
        paths: [{ name: 'kysely', message: 'Kysely belongs in repositories (modules/<name>/repository.ts, jobs/repository.ts) and db/.' }],
        patterns: [{ group: ['kysely/*'], message: 'Kysely belongs in repositories (modules/<name>/repository.ts, jobs/repository.ts) and db/.' }],
      },
    ],
    'no-restricted-syntax': [
      'error',
      {
        selector: `CallExpression[callee.type='MemberExpression'][callee.property.name=/^(${QUERY_BUILDERS})$/][callee.object.type=/^(Identifier|MemberExpression)$/][callee.object.name=/^(db|trx)$/], CallExpression[callee.type='MemberExpression'][callee.property.name=/^(${QUERY_BUILDERS})$/][callee.object.property.name=/^(db|trx)$/]`,
        message: 'Queries are built in repositories (modules/<name>/repository.ts): call a repository function.',
      },
    ],
  },
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'test-results/**', 'playwright-report/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/index', '**/index.ts'], message: 'No barrel files: import the module you mean.' }] },
      ],
    },
  },
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: restrictedZones() }],
      'import-x/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: true }],
    },
  },
  kyselyOnlyInRepositories,
);
