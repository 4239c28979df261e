"""What both variants' coach reviews share (the entry point is :mod:`engine.review`).

- :mod:`.replay`: a finished hand cut into turns, the fields every move and reviewed turn has;
- :mod:`.seat`: a seat's review of the whole hand (the walk, the shared summary, the answer);
- :mod:`.verdicts`: the thresholds that turn a measure into a verdict (docs/BOTS.md);
- :mod:`.texts`: the one-line reasons, in every language the review speaks.

Each variant's own review is a :class:`.seat.SeatReview` in ``engine/classic/review.py`` and
``engine/okey101/review.py``, reached through its ``Rules.review`` (engine/variants.py).
"""
