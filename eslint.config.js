import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import { moduleBoundaries } from './eslint-boundaries.config.js';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      // Static files served as they are (a classic script that runs before the app's modules).
      'apps/web/public/**',
      'data/**',
      '.test-results/**',
      'screenshots/**',
      '**/*.config.js',
      '*.config.d.ts',
      'scripts/**',
      'apps/server/src/platform/db/migrations/*.sql',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
    },
  },
  {
    // Tests read untyped JSON answers and pin their shape with expect(); typing every body adds nothing.
    files: ['**/*.test.ts', '**/*.test.tsx', '**/test/**/*.ts', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // Module code reaches data only through the request's scope: the raw handles stay in platform/.
    files: ['apps/server/src/modules/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '**/platform/db/engine*',
                '**/platform/db/raw*',
                'pg',
                '@electric-sql/pglite',
              ],
              message:
                'Modules reach the database only through the scoped ctx.db of their handler.',
            },
            {
              group: ['**/platform/resource-kit/*'],
              message: 'Import the resource kit through its public face: platform/resource-kit.',
            },
          ],
        },
      ],
    },
  },
  ...moduleBoundaries(),
);
