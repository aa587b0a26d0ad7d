// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/', '**/dist/', '.local/', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false } }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' }],
    },
  },
  {
    // Configuration is read once, in core/config; entry points and tests may pass the environment in.
    files: ['**/*.ts', '**/*.tsx'],
    ignores: ['core/config/**', 'test/**', 'scripts/**', 'web/scripts/**', '**/*.test.ts'],
    rules: {
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read configuration through core/config.' }],
    },
  },
  {
    // Only entry points talk to the console; everything else uses the structured logger.
    files: ['api/**/*.ts', 'core/**/*.ts', 'workers/**/*.ts', 'ingestion/**/*.ts', 'workflows/**/*.ts'],
    ignores: ['api/main.ts', 'workers/temporal-worker.ts', '**/*.test.ts'],
    rules: { 'no-console': 'error' },
  },
  {
    // Workflow code must be deterministic: only @temporalio/workflow and the types of activities.
    files: ['workflows/**/*.ts'],
    ignores: ['workflows/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*'], message: 'Workflows are sandboxed: no Node built-ins.' },
            {
              group: ['fs', 'path', 'crypto', 'http', 'https', 'net', 'os', 'child_process', 'worker_threads', 'timers'],
              message: 'Workflows are sandboxed: no Node built-ins.',
            },
            { group: ['@temporalio/client', '@temporalio/worker', '@temporalio/activity'], message: 'Workflows import only @temporalio/workflow.' },
            { group: ['../core/*', '../core/**', '../ingestion/**', '../api/**', '../workers/**'], message: 'Workflows import only types of activities.', allowTypeImports: true },
          ],
        },
      ],
      'no-restricted-globals': ['error', { name: 'setTimeout', message: 'Use sleep() from @temporalio/workflow.' }, { name: 'setInterval', message: 'Use sleep() in a loop.' }],
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: 'Randomness in workflows breaks replay (use uuid4() from @temporalio/workflow).' },
      ],
    },
  },
  {
    // Tool configuration files and vitest's global setup must default-export.
    files: ['*.config.ts', 'test/global-setup.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['**/*.test.ts', 'test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
  },
);
