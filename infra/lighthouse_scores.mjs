// Lighthouse scores (mobile, its default: a Moto G Power's screen, simulated slow 4G and a
// 4x slower CPU) for one page: node infra/lighthouse_scores.mjs URL [STORAGE_JSON]
// prints {"performance": 0.98, "accessibility": 1, "best-practices": 1, ...} as one JSON line
// (with: how many API answers the page had, the binary audits failed, Lighthouse's error).
// STORAGE_JSON, an object, goes into the page's localStorage before it loads (a table
// page needs its seat's token there); Lighthouse is told not to clear it.
// Chromium: $CHROME_PATH (default /usr/bin/chromium). Run by tests/bench/bench_frontend.py.
import lighthouse from 'lighthouse'
import puppeteer from 'puppeteer-core'

const [url, storage = '{}'] = process.argv.slice(2)
const CATEGORIES = ['performance', 'accessibility', 'best-practices']

const browser = await puppeteer.launch({
	executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
	headless: true,
	args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
})
try {
	const page = await browser.newPage()
	await page.evaluateOnNewDocument(items => {
		try {
			for (const [key, value] of Object.entries(JSON.parse(items))) {
				localStorage.setItem(key, value)
			}
		} catch {
			/* about:blank has no storage */
		}
	}, storage)
	const flags = {
		logLevel: 'error',
		output: 'json',
		onlyCategories: CATEGORIES,
		disableStorageReset: true,
	}
	const result = await lighthouse(url, flags, undefined, page)
	const scores = Object.fromEntries(
		CATEGORIES.map(id => [id, result.lhr.categories[id]?.score ?? null]),
	)
	const failed = Object.values(result.lhr.audits)
		.filter(a => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
		.map(a => a.id)
	// The API answers the page got: a table page that had no token would get none.
	const api = (result.lhr.audits['network-requests'].details?.items || []).filter(
		r => r.url.includes('/api/') && r.statusCode === 200,
	).length
	const error = result.lhr.runtimeError?.code
	console.log(JSON.stringify({ ...scores, api, failed, error }))
} finally {
	await browser.close()
}
