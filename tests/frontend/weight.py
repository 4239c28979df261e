"""The frontend's weight: every .js and .css file under frontend/, gzipped, and the
budgets for what a phone downloads on its first visit to each kind of page.

Bytes are counted compressed because that is what crosses the network (CloudFront
serves them with `Compress: true`); source bytes stay readable and are printed beside
them, so a size change can be told from a style change. The budgets count only what a
page loads (tests/frontend/e2e/test_weight.py measures it in Chromium), so that code only some
pages need (101, the result panel, verifying a shuffle, the rules, other languages)
stays out of the first load.
"""

from __future__ import annotations

import gzip
from dataclasses import dataclass
from pathlib import Path

FRONTEND = Path(__file__).resolve().parents[2] / "frontend"
# Gzipped HTML + JS + CSS a cold phone loads. Before the table screen was split into
# modules (the CSS by component, prettier): home 18.5 KB, a dealt table 36.4 KB. After:
# home 20.9 KB, a dealt table 37.9 KB (+4%), a dealt 101 table 40.1 KB. The move log,
# sounds, penalties, names, pace, Your tables, the device link and push took them to
# 25.1 / 47.4 / 50.1 KB. Candy (home loads candy.js after its first paint), the Telegram
# hooks (telegram.js itself only inside Telegram) and the player switch took them to
# 28.1 / 49.3 / 51.9 KB; moving what only rare screens need out of the first download
# (their strings to i18n/more/, the player's screens to player.js, the invite page to
# join.js) brought them to 27.2 / 48.5 / 51.1 KB. The phone work then measured 29.9 /
# 52.8 / 56.7 KB: every control 44 px and the 101 felt where the melds fit their tiles,
# in the one app.css every page loads (+1.2 KB); the meld fitting and the faces a wild
# okey stands for in okey101.js (+1.1 KB, 101 only); the outbox's hooks, the away beacon
# and Next hand on the felt (+1.2 KB a table; the outbox's own code loads with the first
# gesture); the okey question, the grouped-rack tap, the penalty's meld and the gentle
# first game (+1.2 KB). The budgets below are those figures rounded up to the next
# 0.1-0.3 KB. The next saving is CSS per screen (app.css is the largest file every page loads).
# Then four branches, each within the budgets alone, measured together 54,050 B for a dealt
# table and 57,918 B for a 101 table (+1,259 B over 52,791): the discard counts beside their
# slots, the 101 pile count and the centre kept clear (app.css +254 B, every page); the level
# on each computer's tag and the nudge in the dock (board.js +239 B); the hooks of the
# friends' features, the away panel and the review (render.js +280, table.js +143, input.js
# +99, api.js +76 B); a push for the table in view answered with a poll, the seen version
# kept on every view (sync.js +262 B); the embed's Play again and Open in Istaka; less the
# result panel's and the menu's strings, moved to i18n/more/ (en.js -373 B). The pickers,
# sheets, panels and their CSS load on first use. Budgets: those figures plus about 150 B.
# The next saving is still CSS per screen, then the dock's friends buttons out of board.js.
# Then +100 B each for tables: drag.js's guard against a tap's late mousedown and app.css's
# title on two lines and short phone's centre (about +240 B gzipped together).
# Then +400 B for 101 tables: the room each meld keeps so a lay-off moves nothing
# (okey101.js meldSlots, +457 B; a dealt 101 table 58,493 B). Then, together: the header
# buttons' ids that keep the focus over a redraw (render.js +47 B), every input, select,
# summary and sheet × at 44 px and the 101 discard counts beside or under their slots
# (app.css): measured 54,325 / 58,650 B. Budgets +100 B each. Then home's candy line kept
# while the balance loads, so nothing under a finger moves (app.css +57 B): 54,382 / 58,707 B,
# budgets +100 B for tables. Then the question dialogs' own taps (drag.js's taps-only root,
# ui.js modal returning its element: +22 B), so Keep answers a finger that chromium's click
# missed: 54,476 / 58,801 B, the 101 table's budget +100 B. Then the room a table run keeps
# on our turn for as many of our tiles as could follow each other onto it, so a second
# lay-off on one run moves nothing either (okey101.js ownFits, +382 B): the 101 table's
# budget +400 B. Then every meld in view before that room: a table too full for it at the
# smallest tiles gives the room up (okey101.js fitMelds, +148 B: 59,331 B), budget +100 B.
# Then opening with pairs said before it happens, and never a trap: Open ✨'s caption, the
# pairs question, picking that never builds a group the server refuses, refusals in words
# (okey101.js +696 B, 101 only; table/state.js, actions.js, input.js, board.js, en.js and
# app.css +397 B on every table; the question's and the refusals' strings in i18n/more/):
# 54,876 / 60,425 B, budgets +500 B for a table and +1,100 B for a 101 table.
# Then the 101 felt that keeps 16 melds in view (app.css +277 B, every page: the one-line
# status, the dock's flex line, two-line badges, tags never cut, the discard spots' labels,
# the score sheet's label column), one name form per group of names (board.js seatNames and
# the spots' labels +255 B, ui.js fitNames +83 B) and the spare room given up last
# (okey101.js +78 B): 30,399 / 55,128 / 60,061 B. Budgets +300 / +800 / +800 B.
# Then, together, what a newcomer was not told: home's Play button naming the game it deals
# and its level chip following the player's record (home.js), candy's reasons (candy.js,
# their words in i18n/more/; the candy sheet's CSS in social.css), the nudged seat's line
# (board.js nudgeText, en.js `nudged`), paceFor's others_here (sync.js) and the result's
# reserved second candy line (app.css): measured 30,572 / 54,884 / 59,739 B (tables
# +408 B). Budgets +100 B over those.
# Then the move code (table/outbox.js, 2,344 B) loaded once the table is drawn, not with the
# first tap: a first move made offline, with no service worker holding the app, could not load
# it and was refused; with its "not sent yet" words in the first dictionary (+~120 B):
# 56,963 / 61,818 B, budgets +2,600 / +2,500 B.
# Then, every page: the names and words in the reader's language (i18n/index.js seatName,
# objectOf, sentence: +650 B), Korean's keep-all and the chips' nowrap (app.css +139 B),
# fitNames to the fraction (ui.js +132 B), Your tables' Undo (storage.js); a table: the status
# that follows a move (board.js, anim.js, table.js, state.js: about +500 B). Measured 31,092 /
# 58,530 / 63,385 B; budgets rounded up by 100-200 B.
# Then the 101 dock on a phone and the one-line rack rows: app.css +487 B for every page (the
# rack's portrait rows, the dock's fixed rows, the Σ list and ⋯ menu, the Groups switch),
# rack.js +208 (a row's width in tiles, the gaps' taps), board.js +123 (one row of moves),
# i18n +45, and for 101 okey101.js +527 (the Groups switch, the Σ chip, fitActs): measured
# 30,535 / 55,385 / 60,767 B. Budgets: those plus about 100 B. CSS per screen (the 101 dock's
# rules only at 101 tables) would give most of it back.
# All five together (one tree: shared lines counted once) measured 32,616 / 60,830 /
# 67,008 B, against 30,200 / 54,500 / 59,400 B of budget before them: +2.4 / +6.3 / +7.6 KB,
# the largest single part the move code loaded before the first tap (+2.3 KB a table).
# Budgets: those plus about 100 B. Getting some back (the 101 dock's CSS only at 101
# tables, the newcomer's strings in i18n/more/) is work still to do.
# Then open tables and the third hardening pass: measured 33,467 / 62,220 / 68,398 B. Every page:
# i18n/index.js +361 (made names said in the reader's words, "Computer for ...", the language
# table read by own keys only), en.js +152 (the Play with anyone card's and the waiting
# room's words; the rest of the lobby's strings load with it, i18n/more/), api.js +55 (the
# lobby's requests live in lobby/index.js); home: its card (home/index.js +210); a table: the
# open table's countdown and start (render.js +452), a stranger's seat menu button (board.js
# +134), the made names' strings on first view (table/index.js +66). The lobby's screens, its
# list's CSS (css/lobby.css) and the seat menu load on first use. Budgets: those plus ~130 B.
PAGE_BUDGET = {"home": 33_600, "table": 62_350, "table101": 68_530}


@dataclass(frozen=True)
class FileWeight:
    name: str
    source: int
    compressed: int


def file_weights() -> list[FileWeight]:
    """Each JS and CSS file, largest download first."""
    files = sorted(p for p in FRONTEND.rglob("*") if p.suffix in (".js", ".css"))
    weights = [
        FileWeight(
            p.relative_to(FRONTEND).as_posix(),
            p.stat().st_size,
            len(gzip.compress(p.read_bytes(), compresslevel=9, mtime=0)),
        )
        for p in files
    ]
    return sorted(weights, key=lambda w: -w.compressed)
