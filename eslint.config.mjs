// One lint setup for every package.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const REMOTES = ['mf-admin', 'mf-dashboard', 'mf-devices', 'mf-onboarding', 'mf-tasks'];

/**
 * Independent deployment rests on this: a remote talks to the shell and to other remotes only
 * through @fieldwatch/shared (RemoteProps, the bus, the contract), never by importing their code —
 * not even by a relative path, which the bundler would happily inline.
 */
function packageBoundary(pkg) {
  const others = [...REMOTES, 'shell'].filter((p) => p !== pkg);
  return {
    files: [`${pkg}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: others.flatMap((p) => [`@fieldwatch/${p}`, `@fieldwatch/${p}/*`, `**/${p}/**`, `**/${p}`]),
              message: `${pkg} may not import another remote or the shell: share it through @fieldwatch/shared.`,
            },
          ],
        },
      ],
    },
  };
}

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/test-results/**', 'server/drizzle/**', '**/*.cjs', 'tools/*.mjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  importX.flatConfigs.typescript,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['tsconfig.base.json', '*/tsconfig.json'],
          alwaysTryTypes: true,
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // A circle of imports makes load order matter and splits poorly into chunks.
      'import-x/no-cycle': ['error', { ignoreExternal: false }],
    },
  },
  ...[...REMOTES, 'shared'].map(packageBoundary),
  // The shell loads remotes at run time (Module Federation); it never imports their code.
  packageBoundary('shell'),
);
