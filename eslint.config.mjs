// The workspace's one lint configuration: typescript-eslint's recommended rules (without type
// information, so a run stays fast), React's rules of hooks, and the architecture's import
// boundaries (../shared/ARCHITECTURE.md, and api/test/architecture-boundaries.test.ts for the API):
// - a remote never imports another remote nor the shell; the shell never imports a remote statically;
// - the API never imports React, nor the parts of shared that are React;
// - shared is framework-light: React belongs to its `ui` pieces, its test kit and its hook files
//   (`use-*.ts`: useLoad, usePagedList, useRealtime sit beside the core they wrap); elsewhere a type
//   may be imported (it is erased), a value may not;
// - API platform code (auth, db, http, mail, realtime, tenancy) never imports a domain module, and no
//   module imports another module's route plugin file;
// - shared's stateful modules (the session store and its tenant settings, the http client, the offline sync, the realtime
//   connection) are imported by package name, also inside shared: a relative import would bundle a
//   private copy into a remote (e2e/tests/shared-state-once.spec.ts reads the built remotes for it).
// Boundaries are import patterns per file glob. ESLint replaces (does not merge) a rule's options when
// several blocks match a file, so each block below lists every boundary its files are under.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const REACT_PACKAGES = [
  'react',
  'react/*',
  'react-dom',
  'react-dom/*',
  'react-router',
  'react-router/*',
  'react-hook-form',
  'antd',
  'antd/*',
  '@ant-design/*',
];

const REACT_IN_API = {
  group: [...REACT_PACKAGES, '@meridian/shared/ui/*', '@meridian/shared/testing/page-test-kit', '@meridian/shared/**/use-*'],
  message: 'The API never imports React, nor the parts of shared that are React (ui, the test kit, use-* hooks).',
};
const REACT_IN_SHARED_CORE = {
  group: REACT_PACKAGES,
  allowTypeImports: true,
  message: 'Shared is framework-light: React belongs in shared/src/ui, the test kit or a use-*.ts hook file.',
};
const SHELL_FROM_REMOTE = [
  { group: ['@meridian/shell', '@meridian/shell/*'], message: 'A remote never imports the shell.' },
  { regex: '^(\\.\\./)+shell(/|$)', message: 'A remote never imports the shell.' },
];
const REMOTE_FROM_REMOTE = [
  { group: ['@meridian/mfe-*'], message: 'A remote never imports another remote.' },
  { regex: '^(\\.\\./)+mfe-[^/]+(/|$)', message: 'A remote never imports another remote.' },
];
const REMOTE_FROM_SHELL = [
  { group: ['@meridian/mfe-*'], message: 'The shell never imports a remote statically: it learns them at runtime.' },
  { regex: '^(\\.\\./)+mfe-[^/]+(/|$)', message: 'The shell never imports a remote statically: it learns them at runtime.' },
];
const MODULE_FROM_PLATFORM = {
  regex: '^\\.\\./(\\.\\./)*modules(/|$)',
  message: 'Platform code never imports a domain module: the module registers what the platform needs (as API keys do with the guard).',
};
const OTHER_MODULES_ROUTES = {
  regex: '^\\.\\./[^./][^/]*/[^/]+-routes(\\.[jt]s)?$',
  message: "No module imports another module's route plugin file: move the helper beside its data (queries, access, writes).",
};

const STATEFUL_BY_RELATIVE_PATH = {
  regex: '^\\.{1,2}/(.*/)?(session-store|tenant-settings|api|field-sync|realtime-connection)$',
  message:
    "A stateful shared module is imported by package name (@meridian/shared/...), so a remote reaches the shell's one copy, never a private one.",
};

const API_PLATFORM_DIRS = ['auth', 'db', 'http', 'mail', 'realtime', 'tenancy'];

const restrictImports = (...patterns) => ({ '@typescript-eslint/no-restricted-imports': ['error', { patterns }] });

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/coverage/**',
      '**/test-results*/**',
      '**/playwright-report/**',
      '**/bench-results/**',
      '**/data/**',
      '**/.e2e-data*/**',
      // Deliberately wrong files that scripts/lint.test.mjs lints on purpose.
      'scripts/fixtures/lint/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      // Control characters in a character class are on purpose here: names, URLs and logs are cleaned of them.
      'no-control-regex': 'off',
    },
  },
  {
    // The React packages only: Playwright's fixtures also call a function named `use`.
    files: ['shared/src/**/*.{ts,tsx}', 'shell/src/**/*.{ts,tsx}', 'mfe-*/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      // useLoad(load, deps) reloads when its deps change, like useEffect: check them the same way.
      'react-hooks/exhaustive-deps': ['error', { additionalHooks: '^useLoad$' }],
    },
  },
  {
    files: ['**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['mfe-*/**'],
    rules: restrictImports(...SHELL_FROM_REMOTE, ...REMOTE_FROM_REMOTE),
  },
  {
    files: ['shell/**'],
    rules: restrictImports(...REMOTE_FROM_SHELL),
  },
  {
    files: ['shared/src/**'],
    ignores: ['shared/src/ui/**', 'shared/src/testing/**', 'shared/src/**/use-*.ts', 'shared/src/**/*.test.{ts,tsx}'],
    rules: restrictImports(REACT_IN_SHARED_CORE, STATEFUL_BY_RELATIVE_PATH),
  },
  {
    files: ['shared/src/ui/**', 'shared/src/**/use-*.ts'],
    ignores: ['shared/src/**/*.test.{ts,tsx}'],
    rules: restrictImports(STATEFUL_BY_RELATIVE_PATH),
  },
  {
    files: ['api/**'],
    rules: restrictImports(REACT_IN_API),
  },
  {
    files: API_PLATFORM_DIRS.map((dir) => `api/src/${dir}/**`),
    rules: restrictImports(REACT_IN_API, MODULE_FROM_PLATFORM),
  },
  {
    files: ['api/src/modules/**'],
    rules: restrictImports(REACT_IN_API, OTHER_MODULES_ROUTES),
  },
);
