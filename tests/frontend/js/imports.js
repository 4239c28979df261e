// Reading the import graph of frontend/js without running it, for the tests of its shape
// (not a test file itself). Static and dynamic imports both count: a cycle through a
// lazy import() is as hard to follow as one through a static one.
import { readFileSync, readdirSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

export const JS = new URL('../../../frontend/js/', import.meta.url).pathname

function modulesUnder(dir) {
	return readdirSync(dir, { withFileTypes: true }).flatMap(entry => {
		const path = join(dir, entry.name)
		if (entry.isDirectory()) return modulesUnder(path)
		return entry.name.endsWith('.js') ? [path] : []
	})
}

// Comments and strings other than specifiers can hold the word "import"; comments go
// first, then only `import … from '…'`, `export … from '…'`, `import '…'` and
// `import('…')` with a literal specifier are read.
const SPECIFIER = [
	/\bimport\s[^'"`;()]*?\bfrom\s*(['"])([^'"]+)\1/g,
	/\bexport\s[^'"`;()]*?\bfrom\s*(['"])([^'"]+)\1/g,
	/\bimport\s*(['"])([^'"]+)\1/g,
	/\bimport\s*\(\s*(['"`])([^'"`]+)\1\s*\)/g,
]
export const withoutComments = source =>
	source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1')

export function importsOf(source) {
	const code = withoutComments(source)
	return [...new Set(SPECIFIER.flatMap(pattern => [...code.matchAll(pattern)].map(m => m[2])))]
}

// A template specifier (`./${lang}.js`) stands for every module its pattern matches but the
// importing one (i18n/index.js matches its own pattern, yet loads only the languages).
function targets(specifier, from, names) {
	const target = relative(JS, resolve(dirname(from), specifier))
	if (!target.includes('${')) return [target]
	const pattern = target.split(/\$\{[^}]*\}/).map(part => part.replace(/[.*+?^()|[\]\\]/g, '\\$&'))
	const matches = new RegExp('^' + pattern.join('[^/]+') + '$')
	return names.filter(name => matches.test(name) && name !== relative(JS, from))
}

// module -> the modules it imports, all as paths relative to frontend/js.
export function importGraph() {
	const paths = modulesUnder(JS)
	const names = paths.map(path => relative(JS, path))
	const graph = new Map()
	for (const path of paths) {
		const local = importsOf(readFileSync(path, 'utf8')).filter(s => s.startsWith('.'))
		graph.set(
			relative(JS, path),
			local.flatMap(s => targets(s, path, names)),
		)
	}
	return graph
}

// Every cycle found by a depth-first walk, each as the path that closes it.
export function cycles(graph) {
	const found = []
	const done = new Set()
	const walk = (name, path) => {
		if (path.includes(name)) return found.push([...path.slice(path.indexOf(name)), name])
		if (done.has(name)) return
		for (const next of graph.get(name) || []) walk(next, [...path, name])
		done.add(name)
	}
	for (const name of graph.keys()) walk(name, [])
	return found
}
