// The hand review's state and words (frontend/js/review/model.js), on an answer shaped as
// GET /api/tables/{id}/hands/{n}/review answers (fixtures/review-classic.json, written
// from the contract in docs/API.md: tile ids as helpers.js numbers them).
import { test, describe, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { readFileSync } from 'node:fs'
import * as model from '../../../frontend/js/review/model.js'
import { more, setLang, objectOf, sentence, seatName } from '../../../frontend/js/i18n/index.js'
import { id, failOnConsoleError } from './helpers.js'

failOnConsoleError()

const fixture = () =>
	JSON.parse(readFileSync(new URL('./fixtures/review-classic.json', import.meta.url), 'utf8'))
// Seat 1's answer for the same hand: its turns fall between seat 0's.
const seatOne = () => ({
	...fixture(),
	seat: 1,
	turns: [5, 13, 21].map((event_index, index) => ({ ...fixture().turns[0], index, event_index })),
})
const names = ['Ayşe', 'Computer 2', 'Computer 3', 'Computer 4']
const name = seat => names[seat]
const texts = lines => lines.map(line => line.text)

// The review's strings load with it (i18n/more/), as screen.js awaits them.
before(() => more())

describe('stepping', () => {
	const opened = () => {
		const review = model.createReview(2, 0, 4, 0)
		model.acceptAnswer(review, 0, fixture())
		return review
	}

	test('starts at the first turn and stops at both ends', () => {
		const review = opened()
		assert.equal(model.currentTurn(review).index, 0)
		assert.equal(model.step(review, -1), false)
		assert.equal(model.step(review, 1), true)
		assert.equal(model.step(review, 1), true)
		assert.equal(model.currentTurn(review).verdict, 'blunder')
		assert.equal(model.step(review, 1), false)
		assert.equal(review.turn, 2)
		assert.equal(model.position(review), 'Turn 3 of 3')
	})

	test('goTo keeps within the turns', () => {
		const review = opened()
		assert.equal(model.goTo(review, 99), true)
		assert.equal(review.turn, 2)
		assert.equal(model.goTo(review, -5), true)
		assert.equal(review.turn, 0)
		assert.equal(model.goTo(review, 0), false)
	})

	test('keys: arrows step, Home and End jump, other keys do nothing', () => {
		const review = opened()
		assert.equal(model.keyStep(review, 'ArrowRight'), 1)
		assert.equal(model.keyStep(review, 'ArrowLeft'), -1)
		assert.equal(model.keyStep(review, 'End'), 2)
		assert.equal(model.keyStep(review, 'Home'), 0)
		assert.equal(model.keyStep(review, 'a'), null)
		assert.equal(model.keyStep(review, 'Enter'), null)
	})

	test('a swipe to the left is the next turn, to the right the previous', () => {
		assert.equal(model.swipeStep(-120, 10), 1)
		assert.equal(model.swipeStep(120, -30), -1)
		// Too short, or more down than across (the sheet scrolls): no step.
		assert.equal(model.swipeStep(-model.SWIPE_MIN_PX + 1, 0), 0)
		assert.equal(model.swipeStep(-80, 90), 0)
		assert.equal(model.swipeStep(0, 0), 0)
	})

	test('a review with no turns has no turn and does not move', () => {
		const review = model.createReview(0, 3, 4, 0)
		model.acceptAnswer(review, 3, { ...fixture(), seat: 3, turns: [] })
		assert.equal(model.currentTurn(review), null)
		assert.equal(model.step(review, 1), false)
		assert.match(model.stepAnnouncement(review), /No turns/)
	})
})

describe('the seat switcher', () => {
	test('keeps the place in the hand: the other seat opens at its nearest turn', () => {
		const review = model.createReview(2, 0, 4, 0)
		model.acceptAnswer(review, 0, fixture())
		model.acceptAnswer(review, 1, seatOne())
		model.goTo(review, 1) // event 11
		model.showSeat(review, 1)
		assert.equal(review.seat, 1)
		assert.equal(model.currentTurn(review).event_index, 13)
		model.goTo(review, 2) // event 21
		model.showSeat(review, 0)
		assert.equal(model.currentTurn(review).event_index, 19)
	})

	test('nearestTurn takes the earlier turn on a tie', () => {
		const turns = [{ event_index: 2 }, { event_index: 6 }, { event_index: 10 }]
		assert.equal(model.nearestTurn(turns, 4), 0)
		assert.equal(model.nearestTurn(turns, 5), 1)
		assert.equal(model.nearestTurn(turns, 100), 2)
	})
})

describe('words', () => {
	const turns = fixture().turns

	test("the move played and the coach's, with the tiles they name", () => {
		assert.deepEqual(model.playedLines(turns[1], null), [
			{ text: 'Took blue 1 from the discards', tile: id('B1') },
			{ text: 'Threw yellow 7', tile: id('Y7') },
		])
		assert.deepEqual(model.coachLines(turns[1], null), [
			{ text: 'Draw from the pile', tile: null },
			{ text: 'Throw yellow 2', tile: id('Y2') },
		])
	})

	test("the coach's take from the discards names the tile offered: the last one thrown", () => {
		assert.equal(model.offeredDiscard(turns[2]), id('K4', 1))
		assert.deepEqual(texts(model.coachLines(turns[2], null)), [
			'Take black 4',
			'Finish with black 12',
		])
		// Taken by the player: the tile taken.
		assert.equal(model.offeredDiscard(turns[1]), id('B1'))
	})

	test('the okey is named as the okey', () => {
		const okey = id('B7') >> 1
		assert.deepEqual(texts(model.playedLines(turns[0], okey)), [
			'Drew blue 7, okey from the pile',
			'Threw red 13',
		])
	})

	test('a pile draw the answer does not reveal, a finish, a first turn, an indicator shown', () => {
		const move = played => ({ ...turns[0], played: { ...turns[0].played, ...played } })
		assert.deepEqual(texts(model.playedLines(move({ tile: null }), null)), [
			'Drew from the pile',
			'Threw red 13',
		])
		assert.deepEqual(texts(model.playedLines(move({ finish: true }), null)), [
			'Drew blue 7 from the pile',
			'Finished with red 13',
		])
		const first = model.playedLines(move({ take: null, tile: null, show_indicator: true }), null)
		assert.deepEqual(texts(first), [
			'Showed the indicator',
			'No take: the starter begins with a tile more',
			'Threw red 13',
		])
	})

	test('same as the coach only when the take, the throw and the finish all match', () => {
		assert.equal(model.sameAsCoach(turns[0]), true)
		assert.equal(model.sameAsCoach(turns[1]), false)
		assert.equal(model.sameAsCoach(turns[2]), false)
		// The other copy of the tile thrown is the same move.
		const twin = { ...turns[0], coach: { ...turns[0].coach, discard: id('R13', 1) } }
		assert.equal(model.sameAsCoach(twin), true)
		const finishing = { ...turns[0], coach: { ...turns[0].coach, finish: true } }
		assert.equal(model.sameAsCoach(finishing), false)
	})

	test("the other seats' moves as they happened, a line each", () => {
		assert.deepEqual(model.otherLines(turns[0].others, null, name), [
			'Computer 2: drew from the pile, threw black 1',
			'Computer 3: took black 1, threw yellow 13',
			'Computer 4: drew from the pile, threw blue 2',
		])
		assert.deepEqual(
			model.otherLines(turns[1].others, null, name)[0],
			'Computer 2: drew red 5 from the pile, threw black 2',
		)
		assert.deepEqual(model.otherLines([], null, name), [])
	})

	test("a seat that showed the indicator or finished says so; after the last turn, the hand's end", () => {
		const moves = [
			{ seat: 1, take: 'pile', tile: null, discard: id('R3'), show_indicator: true },
			{ seat: 2, take: 'discard', tile: id('R3'), discard: id('K8'), finish: true },
		]
		assert.deepEqual(model.otherLines(moves, null, name), [
			'Computer 2: showed the indicator, drew from the pile, threw red 3',
			'Computer 3: took red 3, finished with black 8',
		])
		const review = model.createReview(2, 0, 4, 0)
		model.acceptAnswer(review, 0, { ...fixture(), summary: { others_after: moves } })
		assert.deepEqual(model.othersAfter(review), [])
		model.goTo(review, 2)
		assert.deepEqual(model.othersAfter(review), moves)
	})

	test('the measure, and what a screen reader hears on a step', () => {
		assert.equal(
			model.measureLine(turns[1]),
			"Tiles from a win: 3 before, 4 after (the coach's move: 3)",
		)
		assert.equal(model.measureLine({ ...turns[1], measure: undefined }), null)
		const review = model.createReview(2, 0, 4, 0)
		model.acceptAnswer(review, 0, fixture())
		model.step(review, 1)
		assert.equal(
			model.stepAnnouncement(review),
			'Turn 2 of 3. Mistake. broke the pair Y7-Y7 while B5-B6-B7 waited for nothing',
		)
	})

	test('the summary: verdicts counted (none left out but zeros), then what was missed', () => {
		assert.deepEqual(model.summaryLines(fixture().summary), [
			'★ Best 1 · ? Mistake 1 · ?? Blunder 1',
			'Could have won earlier: turn 3',
			'The indicator was not shown.',
		])
		assert.deepEqual(model.summaryLines(null), [])
	})

	test('the turns worth a look: could have won, a missed okey finish, mistakes and blunders', () => {
		assert.deepEqual(model.turnsToSee(fixture()), [1, 2])
		const answer = { ...fixture(), summary: { could_have_won: [0, 2], missed_okey_finish: [0] } }
		assert.deepEqual(model.turnsToSee(answer), [0, 1, 2])
		assert.deepEqual(model.turnsToSee({ turns: [], summary: {} }), [])
		assert.deepEqual(model.turnsToSee(null), [])
	})

	test("101: an opening, tiles laid, a penalty, the hand's points, lay-offs missed", () => {
		const turn = {
			...turns[0],
			played: {
				take: 'discard',
				tile: id('R5'),
				discard: id('K9'),
				finish: false,
				opened: 'melds',
				laid: 9,
				penalty: 101,
			},
			coach: { take: 'pile', discard: id('Y2'), finish: false, opened: 'pairs', laid: 10 },
			measure: { name: 'hand_points', before: 202, after: 40, coach_after: 35 },
			missed_layoffs: [id('B4')],
		}
		assert.deepEqual(texts(model.playedLines(turn, null)), [
			'Took red 5 from the discards',
			'Opened with melds',
			'Laid 9 tiles on the table',
			'Threw black 9',
			'Penalty: 101 points',
		])
		assert.deepEqual(texts(model.coachLines(turn, null)), [
			'Draw from the pile',
			'Open with pairs',
			'Lay 10 tiles on the table',
			'Throw yellow 2',
		])
		assert.equal(
			model.measureLine(turn),
			"Points in hand: 202 before, 40 after (the coach's move: 35)",
		)
		assert.deepEqual(model.extraLines(turn, null), ['Could have laid off: blue 4'])
		assert.deepEqual(model.extraLines(turns[0], null), [])
		const other = { seat: 1, take: 'pile', tile: null, discard: id('R3'), opened: 'melds', laid: 1 }
		assert.deepEqual(model.otherLines([other], null, name), [
			'Computer 2: drew from the pile, opened, laid 1 tile, threw red 3',
		])
	})

	test("101's summary: the opening, the turn it could have come, penalties, lay-offs", () => {
		const summary = {
			counts: { good: 2 },
			opening_turn: 4,
			could_open_turn: 2,
			penalties_taken: [{ turn: 3, tile: id('K9'), points: 101 }],
			penalties_avoided: 2,
			missed_layoffs: [
				{ turn: 1, tiles: [id('B4'), id('R8')] },
				{ turn: 5, tiles: [id('Y1')] },
			],
		}
		assert.deepEqual(model.summaryLines(summary), [
			'✓ Good 2',
			'Opened at turn 5.',
			'Could have opened at turn 3.',
			'Penalties taken: 1; avoided: 2',
			'3 tiles not laid off',
		])
		assert.deepEqual(model.turnsToSee({ turns: [], summary }), [1, 3, 5])
		// Opened as soon as it could: not said twice.
		const prompt = { ...summary, could_open_turn: 4 }
		assert.ok(!model.summaryLines(prompt).some(text => text.startsWith('Could have opened')))
	})

	test('every verdict has a mark and a word', () => {
		for (const verdict of model.VERDICTS) {
			assert.ok(model.VERDICT_MARKS[verdict], verdict)
			// A missing string fails here (failOnConsoleError).
			const review = model.createReview(0, 0, 4, 0)
			model.acceptAnswer(review, 0, { turns: [{ ...fixture().turns[0], verdict }] })
			assert.match(model.stepAnnouncement(review), /^Turn 1 of 1\. \S/)
		}
	})
})

describe('in Turkish', () => {
	// setLang sets the page's lang and title: a stand-in document is enough for them.
	before(async () => {
		globalThis.document ??= { documentElement: {} }
		await setLang('tr')
		await more()
	})
	after(() => setLang('en'))

	test('a line that starts with the tile starts with a capital all the same', () => {
		const turn = fixture().turns[1]
		// The tile thrown takes the accusative ending, by how its number is said.
		assert.deepEqual(texts(model.coachLines(turn, null)), ['Desteden çek', "Sarı 2'yi at"])
		assert.deepEqual(texts(model.playedLines(turn, null)), ['Yerden mavi 1 aldı', "Sarı 7'yi attı"])
		assert.equal(
			model.position({ ...model.createReview(0, 0, 4, 0), bySeat: { 0: fixture() } }),
			'Hamle 1 / 3',
		)
	})

	test("a tile as a verb's object: the ending each number is said with", () => {
		const endings = Array.from({ length: 13 }, (_, k) => objectOf(`sarı ${k + 1}`))
		assert.deepEqual(endings, [
			"sarı 1'i",
			"sarı 2'yi",
			"sarı 3'ü",
			"sarı 4'ü",
			"sarı 5'i",
			"sarı 6'yı",
			"sarı 7'yi",
			"sarı 8'i",
			"sarı 9'u",
			"sarı 10'u",
			"sarı 11'i",
			"sarı 12'yi",
			"sarı 13'ü",
		])
		assert.equal(objectOf('sahte okey'), "sahte okey'i")
		assert.equal(sentence("sarı 7'yi attın."), "Sarı 7'yi attın.")
	})

	test('names the game made up are said in Turkish, chosen ones as they are', () => {
		const bot = { kind: 'bot', name: 'Computer 3', level: 'easy' }
		assert.equal(seatName(bot, 2), 'Bilgisayar 3')
		assert.equal(seatName({ kind: 'bot', name: null }, 1), 'Bilgisayar 2')
		assert.equal(seatName({ kind: 'human', name: 'Player 1' }, 0), 'Oyuncu 1')
		assert.equal(seatName({ kind: 'human', name: '플레이어 2' }, 1), 'Oyuncu 2')
		assert.equal(seatName({ kind: 'human', name: 'Ayşe' }, 0), 'Ayşe')
		// A seat a computer took over keeps its person's name.
		assert.equal(seatName({ kind: 'bot', name: 'Ayşe', auto: true }, 0), 'Ayşe')
	})
})
