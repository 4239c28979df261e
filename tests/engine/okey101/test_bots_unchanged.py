"""The normal, easy and gentle 101 players play exactly as before the hard
level's changes, so the figures measured for them still hold.

The digest was taken on the code before those changes: six bot-only hands
(no hard seat), their every event and their scores. A change to how these
levels play changes it; a change to hard alone cannot.
"""

from __future__ import annotations

import hashlib
import json

from engine.tools.simulate101 import play_hand101

DIGEST = "1d11d0eae1fa6b05"


def test_normal_easy_and_gentle_play_as_before() -> None:
    digest = hashlib.sha256()
    for seed in range(6):
        state = play_hand101(("normal", "easy", "gentle", "normal"), seed=seed)
        played = json.dumps([state.events, state.result], sort_keys=True, default=str)
        digest.update(played.encode())
    assert digest.hexdigest()[:16] == DIGEST
