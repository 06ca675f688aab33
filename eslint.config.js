import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import ts from 'typescript';
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
export const FEATURE_PUBLIC_ENTRIES = ['apps/web/src/features/auth/public.ts', 'apps/web/src/features/basket/public.ts', 'apps/web/src/features/catalogue/public.ts', 'apps/web/src/features/checkout/public.ts', 'apps/web/src/features/timetable/public.ts'];

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

// ── Import cycles, every import counted (issue 19) ─────────────────────────────────────
// import-x's own no-cycle skips `import type` (and, with allowUnsafeDynamicCyclicDependency,
// `import()`), with no option to count them, so circles that only a type or a lazy chunk
// closed went unseen (jobs/enqueue → jobs/tasks → modules → jobs/enqueue, Header ⇄
// MobileDrawer, after-reload ⇄ after-reload-run). This rule takes its place under the same id:
// every import counts — value, `import type`, `export … from`, `import('…')` in code and in a
// type position — because a circle of types still means two files that cannot be understood
// or moved apart. Imports are read with TypeScript's own pre-processor and resolved as the
// bundler does; packages in node_modules are left out (ignoreExternal).
const resolveOptions = {
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  allowImportingTsExtensions: true,
  resolveJsonModule: true,
  jsx: ts.JsxEmit.ReactJSX,
};
const inTree = (file) => file.startsWith(root + path.sep) && !file.includes(`${path.sep}node_modules${path.sep}`);

/** The project files `text` (the file at `file`) imports, with where each specifier is. */
const importsIn = (file, text) =>
  ts.preProcessFile(text, true, true).importedFiles.flatMap(({ fileName, pos, end }) => {
    const resolved = ts.resolveModuleName(fileName, file, resolveOptions, ts.sys).resolvedModule;
    if (!resolved) return [];
    let target;
    try {
      target = fs.realpathSync(resolved.resolvedFileName);
    } catch {
      return [];
    }
    return inTree(target) ? [{ target, pos, end }] : [];
  });

/** A file's imports, read again only when it changed (one lint run reads each file once). */
const importCache = new Map();
const importsOf = (file) => {
  let mtime;
  try {
    mtime = fs.statSync(file).mtimeMs;
  } catch {
    return [];
  }
  const cached = importCache.get(file);
  if (cached?.mtime === mtime) return cached.targets;
  const targets = [...new Set(importsIn(file, fs.readFileSync(file, 'utf8')).map((i) => i.target))];
  importCache.set(file, { mtime, targets });
  return targets;
};

/** The shortest chain of imports from `from` back to `to`, or null. */
const chainBack = (from, to) => {
  const cameFrom = new Map([[from, null]]);
  const queue = [from];
  for (let at = 0; at < queue.length; at++) {
    for (const next of importsOf(queue[at])) {
      if (next === to) {
        const chain = [];
        for (let file = queue[at]; file; file = cameFrom.get(file)) chain.unshift(file);
        return chain;
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, queue[at]);
        queue.push(next);
      }
    }
  }
  return null;
};

const noCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'No import cycles, counting type imports and import() (issue 19).' },
    messages: { cycle: 'Dependency cycle: {{chain}}. Move what both sides need into a file of its own.' },
    schema: [],
  },
  create(context) {
    const file = context.physicalFilename;
    if (!path.isAbsolute(file) || !inTree(file)) return {};
    return {
      Program() {
        const { sourceCode } = context;
        const reported = new Set();
        for (const { target, pos, end } of importsIn(file, sourceCode.text)) {
          if (target === file || reported.has(target)) continue;
          const chain = chainBack(target, file);
          if (!chain) continue;
          reported.add(target);
          context.report({
            loc: { start: sourceCode.getLocFromIndex(pos), end: sourceCode.getLocFromIndex(end) },
            messageId: 'cycle',
            data: { chain: [file, ...chain, file].map((f) => path.relative(root, f)).join(' → ') },
          });
        }
      },
    };
  },
};
/** import-x with its no-cycle replaced by the one above (same rule id in editors and tests). */
const importPlugin = { ...importX, rules: { ...importX.rules, 'no-cycle': noCycle } };

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
    plugins: { 'import-x': importPlugin },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: restrictedZones() }],
      'import-x/no-cycle': 'error',
    },
  },
  kyselyOnlyInRepositories,
);
