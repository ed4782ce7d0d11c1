// Lint rules. Formatting is Prettier's (.prettierrc.json); this file holds what a formatter cannot
// see: the layering of src/, the one seam for window messages, and the project's naming rules.
// `npm run lint` runs both; `npm test` runs it first; .githooks/pre-commit runs it on staged files.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

/** The window API that renders text (links, icons) or takes a pick: only src/extension/ui/prompter.ts calls it. */
const SHOWING =
  '/^(showInformationMessage|showWarningMessage|showErrorMessage|showInputBox|showQuickPick|createQuickPick|createInputBox|withProgress|setStatusBarMessage)$/';
const seamMessage = 'Go through prompter() (src/extension/ui/prompter.ts): it makes outside text inert first.';

/** no-restricted-syntax entries; ESLint replaces (not merges) the rule per block, so blocks compose these. */
const noDefaultExport = [
  { selector: 'ExportDefaultDeclaration', message: 'Use a named export.' },
  { selector: "ExportSpecifier[exported.name='default']", message: 'Use a named export.' },
];
const onlyThroughPrompter = [
  { selector: `MemberExpression[object.name='window'][property.name=${SHOWING}]`, message: seamMessage },
  { selector: `MemberExpression[object.property.name='window'][property.name=${SHOWING}]`, message: seamMessage },
  { selector: `MemberExpression[object.property.name='window'][property.value=${SHOWING}]`, message: seamMessage },
  {
    selector: "VariableDeclarator[init.type='MemberExpression'][init.property.name='window']",
    message: `An alias of vscode.window hides its calls from this check. ${seamMessage}`,
  },
  {
    selector: "ImportDeclaration[source.value='vscode'] > ImportSpecifier[imported.name='window']",
    message: `Import the namespace (import * as vscode). ${seamMessage}`,
  },
];

const noVscode = {
  paths: [
    {
      name: 'vscode',
      allowTypeImports: true,
      message: 'src/core, src/shared and src/webview are pure: no value import of vscode (type-only imports are fine).',
    },
  ],
};

/** The host (extension, core, MCP server) and src/shared never import the browser code of src/webview. */
const noWebview = [
  {
    regex: '(^|/)webview(/|$)',
    message: 'src/webview is browser code: put what host and webview share in src/shared.',
  },
];

// src/extension has two layers: the features (one folder each) and, below them, what every feature
// shares (common/ for command ids, the registry, finders, pickers and lookups; auth, tasks, ui, state,
// links). A feature reaches another's command through its id, never through commands/ (only the
// composition root in lazy/ registers them); the shared layer never imports a feature (types aside).
const features = 'account|ai|board|codeLinks|commands|inbox|outbox|table|taskPanel|tree|views|walkthrough';
const noCommandsFolder = {
  regex: '(^|/)commands/',
  message: 'commands/ holds the commands themselves: shared finders, pickers and ids live in src/extension/common.',
};
const noFeatures = {
  regex: `^\\.\\./(${features})/`,
  allowTypeImports: true,
  message: 'The shared layer (common, auth, tasks, ui, state, links) never imports a feature.',
};

export default tseslint.config(
  {
    ignores: ['dist/', 'out/', 'artifacts/', 'node_modules/', '.sandbox-data/', '.vscode-test/', '**/*.d.mts'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: 'module',
      globals: {
        console: 'readonly',
        process: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        URL: 'readonly',
        Buffer: 'readonly',
        __dirname: 'readonly',
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'separate-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', ...noDefaultExport],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      // Control characters are what the text seams look for (src/core/text/inert.ts and friends).
      'no-control-regex': 'off',
    },
  },
  {
    files: ['src/**/*.ts'],
    rules: {
      'no-restricted-syntax': ['error', ...noDefaultExport, ...onlyThroughPrompter],
      'max-lines': ['error', { max: 400, skipBlankLines: true, skipComments: true }],
      'max-lines-per-function': ['error', { max: 120, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    files: ['src/extension/ui/prompter.ts'],
    rules: { 'no-restricted-syntax': ['error', ...noDefaultExport] },
  },
  {
    files: ['src/extension/**/*.ts', 'src/mcp/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: noWebview }] },
  },
  {
    files: ['src/extension/**/*.ts'],
    ignores: ['src/extension/lazy/**', 'src/extension/commands/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...noWebview, noCommandsFolder] }] },
  },
  {
    files: ['src/extension/{auth,common,links,state,tasks,ui}/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...noWebview, noCommandsFolder, noFeatures] }] },
  },
  {
    files: ['src/core/**/*.ts', 'src/shared/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { ...noVscode, patterns: noWebview }] },
  },
  {
    files: ['src/webview/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', noVscode] },
  },
  {
    // The core talks to the network through one seam (core/api/transport.ts), never the global fetch.
    files: ['src/core/**/*.ts'],
    rules: { 'no-restricted-globals': ['error', { name: 'fetch', message: 'Use the transport seam.' }] },
  },
  {
    files: ['test/**/*.ts', 'bench/**/*.ts', 'scripts/**/*', 'sandbox/**/*.ts'],
    rules: { 'max-lines': ['error', { max: 600, skipBlankLines: true, skipComments: true }] },
  },
  {
    // Configuration files of the tools themselves must default-export.
    files: ['eslint.config.mjs', 'esbuild.mjs'],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
