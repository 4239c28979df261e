"""Provably fair shuffling.

The hand's secret seed (32 bytes, shown as 64 hex digits) keys HMAC-SHA256.
Block ``k`` of the random stream is ``HMAC-SHA256(key=seed, msg=k as 8-byte
big-endian)``, ``k = 0, 1, 2 ...``; each 32-byte block is read as eight
big-endian unsigned 32-bit integers, in order. The shuffle is Fisher-Yates over
the tile ids ``0..105`` in ascending order: for ``i`` from 105 down to 1, draw
``x`` from the stream until ``x < 2**32 - 2**32 % (i + 1)`` (rejection sampling
removes modulo bias), then swap positions ``i`` and ``x % (i + 1)``.

Before the deal every seat sees ``sha256(seed)``; after the hand the seed
itself is revealed, so anyone can re-run this and compare.

>>> order = shuffled_tiles(bytes(32))
>>> sorted(order) == list(range(106)), order[:5] == shuffled_tiles(bytes(32))[:5]
(True, True)
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Iterator

from engine.core.tiles import TILE_COUNT


class SeedStream:
    """The HMAC-SHA256 counter stream of 32-bit integers for one seed."""

    def __init__(self, seed: bytes) -> None:
        if len(seed) != 32:
            raise ValueError("a hand seed is exactly 32 bytes")
        self._seed = seed
        self._ints = self._generate()

    def _generate(self) -> Iterator[int]:
        counter = 0
        while True:
            block = hmac.new(self._seed, counter.to_bytes(8, "big"), hashlib.sha256).digest()
            for offset in range(0, 32, 4):
                yield int.from_bytes(block[offset : offset + 4], "big")
            counter += 1

    def next_u32(self) -> int:
        return next(self._ints)

    def below(self, bound: int) -> int:
        """Uniform integer in ``[0, bound)`` by rejection sampling."""
        limit = 2**32 - 2**32 % bound
        while True:
            x = self.next_u32()
            if x < limit:
                return x % bound


def shuffled_tiles(seed: bytes, stream: SeedStream | None = None) -> list[int]:
    """The 106 tile ids in the order the seed deals them."""
    stream = stream or SeedStream(seed)
    order = list(range(TILE_COUNT))
    for i in range(TILE_COUNT - 1, 0, -1):
        j = stream.below(i + 1)
        order[i], order[j] = order[j], order[i]
    return order


def seed_hash(seed: bytes) -> str:
    """The public commitment to a seed: SHA-256 of its 32 bytes, as hex."""
    return hashlib.sha256(seed).hexdigest()


def hand_seed(match_secret: bytes, hand_number: int) -> bytes:
    """The seed of hand ``n`` of a match, derived from the match secret.

    Deriving keeps the engine free of randomness: revealing one hand's seed
    says nothing about the next (HMAC is a PRF under the secret).
    """
    return hmac.new(match_secret, b"hand:%d" % hand_number, hashlib.sha256).digest()
