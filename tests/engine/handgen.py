"""Random hands for tests and benchmarks: winning ones built from random
melds or pairs, near misses (one tile swapped) and plain random racks.

All functions take a ``random.Random`` so that a seed fixes the output.
"""

from __future__ import annotations

import random

from engine.core.tiles import FAKE_IDS, okey_face


def random_okey(rng: random.Random) -> tuple[int, int]:
    """An indicator tile id (never a fake) and the okey face it gives."""
    indicator = rng.randrange(104)
    return indicator, okey_face(indicator >> 1)


def _take(rng: random.Random, free: set[int], face: int) -> int | None:
    copies = [t for t in (face * 2, face * 2 + 1) if t in free]
    return rng.choice(copies) if copies else None


def _plays_face(tile: int, okey: int) -> int:
    return okey if tile >> 1 == 52 else tile >> 1


def random_meld_faces(rng: random.Random, run_13_1: bool = True) -> list[int]:
    """Faces of one random run or set (before any wild replaces a tile)."""
    if rng.random() < 0.55:
        colour = rng.randrange(4)
        size = rng.choice((3, 3, 3, 4, 4, 5, 6, 7))
        top = 14 if run_13_1 else 13
        start = rng.randrange(1, top - size + 2)
        return [colour * 13 + (v - 1) % 13 for v in range(start, start + size)]
    value = rng.randrange(13)
    colours = rng.sample(range(4), rng.choice((3, 3, 4)))
    return [c * 13 + value for c in colours]


def winning_melds_hand(
    rng: random.Random, okey: int, wilds: int, run_13_1: bool = True, size: int = 14
) -> list[int]:
    """``size`` tiles that split into melds, with ``wilds`` okeys among them."""
    while True:
        free = set(range(106)) - {okey * 2, okey * 2 + 1}
        # Fakes play as the okey face; they are ordinary tiles of that face.
        free_faces: dict[int, list[int]] = {}
        for tile in free:
            free_faces.setdefault(_plays_face(tile, okey), []).append(tile)
        hand: list[int] = []
        slots_for_wilds: list[int] = []
        tries = 0
        while len(hand) < size and tries < 50:
            tries += 1
            faces = random_meld_faces(rng, run_13_1)
            if len(hand) + len(faces) > size or size - len(hand) - len(faces) in (1, 2):
                continue
            picked = []
            for face in faces:
                options = [t for t in free_faces.get(face, []) if t in free]
                if not options:
                    break
                picked.append(rng.choice(options))
            else:
                for tile in picked:
                    free.discard(tile)
                start = len(hand)
                hand.extend(picked)
                slots_for_wilds.extend(range(start, start + len(picked)))
        if len(hand) != size:
            continue
        # Swap tiles for wilds; a wild can stand for any tile it replaces.
        for index, wild in zip(rng.sample(slots_for_wilds, wilds), (0, 1), strict=False):
            hand[index] = okey * 2 + wild
        rng.shuffle(hand)
        return hand


def winning_pairs_hand(rng: random.Random, okey: int, wilds: int) -> list[int]:
    """Seven pairs of identical faces, ``wilds`` of the partners replaced by okeys."""
    faces = rng.sample([f for f in range(52) if f != okey], 7)
    hand = [t for f in faces for t in (f * 2, f * 2 + 1)]
    if rng.random() < 0.2:
        # The fakes are a pair of their own (they play as the okey face).
        hand[:2] = list(FAKE_IDS)
    for index, wild in zip(rng.sample(range(7), wilds), (0, 1), strict=False):
        hand[index * 2 + 1] = okey * 2 + wild
    rng.shuffle(hand)
    return hand


def random_rack(rng: random.Random, okey: int, size: int, wilds: int | None = None) -> list[int]:
    """Random distinct tiles; with ``wilds`` given, exactly that many okeys."""
    if wilds is None:
        return rng.sample(range(106), size)
    others = [t for t in range(106) if t >> 1 != okey]
    return rng.sample(others, size - wilds) + [okey * 2 + i for i in range(wilds)]


def near_miss(rng: random.Random, hand: list[int]) -> list[int]:
    """The hand with one tile swapped for a random tile not in it."""
    out = list(hand)
    index = rng.randrange(len(out))
    out[index] = rng.choice([t for t in range(106) if t not in hand])
    return out


def corpus(rng: random.Random, count: int, run_13_1: bool = True) -> list[tuple[list[int], int]]:
    """A mix of 14-tile hands with their okey: 40% winning melds, 10% seven
    pairs, 25% near misses, 25% random; a third of each kind holds both okeys."""
    hands: list[tuple[list[int], int]] = []
    for index in range(count):
        wilds = 2 if index % 3 == 0 else rng.choice((0, 0, 1))
        kind = index % 20
        while True:
            indicator, okey = random_okey(rng)
            if kind < 8:
                hand = winning_melds_hand(rng, okey, wilds, run_13_1)
            elif kind < 10:
                hand = winning_pairs_hand(rng, okey, wilds)
            elif kind < 15:
                hand = near_miss(rng, winning_melds_hand(rng, okey, wilds, run_13_1))
            else:
                hand = random_rack(rng, okey, 14, wilds)
            # The indicator is a tile too: a hand never holds both other copies.
            if sum(t >> 1 == indicator >> 1 for t in hand) < 2:
                break
        hands.append((hand, okey))
    return hands
