// @ts-check
/**
 * Lint rules (zero warnings in CI): typescript-eslint, React hooks, accessibility, and import
 * boundaries — features never import each other, the PWA reaches the API only through its
 * contract (and the app's type), and the API never imports the PWA.
 */
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import checkFile from 'eslint-plugin-check-file';
import { importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = readdirSync('pwa/src/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'data/', 'public/', 'bench/', '.wrangler/', 'test-results/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX, 'check-file': checkFile },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['tsconfig.json', 'tsconfig.node.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'import-x/no-cycle': 'error',
      // Kebab-case file and folder names (STYLE.md): one spelling, no case-only clashes on macOS.
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx,js}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { '{pwa,edge-api,e2e,scripts}/**/': 'KEBAB_CASE' }],
      'import-x/no-duplicates': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...features.map((feature) => ({
              target: `./pwa/src/features/${feature}`,
              from: './pwa/src/features',
              except: [`./${feature}`],
              message: 'Features never import each other: compose them in pwa/src/app.',
            })),
            {
              target: './pwa/src',
              from: './edge-api/src',
              except: ['./contract', './app.ts'],
              message: 'The PWA uses the API through edge-api/src/contract and the AppType only.',
            },
            { target: './edge-api', from: './pwa', message: 'The API never imports the PWA.' },
            {
              target: ['./pwa/src/features', './pwa/src/components', './pwa/src/lib', './pwa/src/config'],
              from: './pwa/src/app',
              message: 'Only pwa/src/app composes the app; shared code does not import it.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['pwa/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/edge-api/**'],
              message: 'Import the shared contract as @contract/… (and the API type as @edge-api/app).',
            },
          ],
        },
      ],
    },
  },
);
