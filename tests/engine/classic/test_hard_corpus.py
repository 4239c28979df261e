"""The hard bot decides as it did: its answers to a fixed corpus of positions.

tests/engine/classic/hard_decisions.jsonl holds finished hands (seed and log) and,
for every position in them, the hard bot's action and the coach's measure as the
code answered before its search was made faster (see hard_corpus.py). A speed
change must leave every answer as it was; a change of strategy re-records the
file on purpose (``python -m tests.engine.classic.hard_corpus``).
"""

from __future__ import annotations

import pytest

from tests.engine.classic import hard_corpus

ROWS = hard_corpus.load()
# Every third hand by default (all tables are represented); the rest with -m slow.
QUICK = [row for i, row in enumerate(ROWS) if i % 3 == 0]
SLOW = [row for i, row in enumerate(ROWS) if i % 3 != 0]


def _check(row: dict) -> None:
    got = list(hard_corpus.answers(row["record"], hard_corpus.hard_decide, hard_corpus.measure))
    want = row["answers"].split()
    diff = [(i, g, w) for i, (g, w) in enumerate(zip(got, want, strict=False)) if g != w]
    assert (len(got), diff[:5]) == (len(want), [])


def test_the_corpus_covers_every_table_and_both_phases() -> None:
    assert len(ROWS) == sum(len(secrets) for _, _, secrets in hard_corpus.TABLES)
    tokens = [t for row in ROWS for t in row["answers"].split()]
    kinds = {t.lstrip("+")[0] for t in tokens}
    assert {"d", "f", "D", "T", "S"} <= kinds
    assert len(tokens) > 3000 and any(t.startswith("+") for t in tokens)


@pytest.mark.parametrize("row", QUICK, ids=lambda r: r["record"]["m"][:2] + str(r["record"]["o"]))
def test_the_hard_bot_answers_as_recorded(row: dict) -> None:
    _check(row)


@pytest.mark.slow
@pytest.mark.parametrize("row", SLOW, ids=lambda r: r["record"]["m"][:2] + str(r["record"]["o"]))
def test_the_hard_bot_answers_as_recorded_everywhere(row: dict) -> None:
    _check(row)
