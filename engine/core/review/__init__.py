"""What both variants' coach reviews share (the entry point is :mod:`engine.review`).

- :mod:`.replay`: a finished hand cut into turns, and the fields every reviewed turn has;
- :mod:`.verdicts`: the thresholds that turn a measure into a verdict (docs/BOTS.md);
- :mod:`.texts`: the one-line reasons, in every language the review speaks.

Each variant's own review is ``engine/classic/review.py`` and ``engine/okey101/review.py``,
reached through its ``Rules.review`` (engine/variants.py).
"""
