// ESLint, only for names (`make lint`): a name used but never defined (a missing import
// throws only when that line runs, e.g. a toast on a rare failure path) and one defined but
// never used. Prettier keeps the layout; no style rules here. ESLint and globals are
// pinned in infra/package.json, so they are imported from infra/node_modules.
import globals from './infra/node_modules/globals/index.js'

const names = { 'no-undef': 'error', 'no-unused-vars': 'error' }

export default [
	{ ignores: ['**/node_modules/', '.venv/', '.venv-sam/'] },
	{ files: ['**/*.js', '**/*.mjs'], rules: names },
	{ files: ['frontend/**/*.js'], languageOptions: { globals: globals.browser } },
	// The classic scripts a host page or the demo loads (not modules).
	{
		files: ['frontend/embed.js', 'frontend/embed-demo.js'],
		languageOptions: { sourceType: 'script', globals: globals.browser },
	},
	{ files: ['frontend/sw.js'], languageOptions: { globals: globals.serviceworker } },
	{
		files: ['tests/**/*.js', 'tests/**/*.mjs', 'infra/**/*.mjs', 'eslint.config.js'],
		languageOptions: { globals: globals.node },
	},
	{
		files: ['infra/dynalite_server.js'],
		languageOptions: { sourceType: 'commonjs', globals: globals.node },
	},
]
