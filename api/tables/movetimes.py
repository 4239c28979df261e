"""When the game's recent changes were made, kept small enough for the table item.

The engine has no clock, so its events carry no time. The table keeps, for each of its
last :data:`KEPT` game-changing writes, the version that write reached and when it
landed (seconds after the table was made). An event took place in the first write that
reached its version, so its time is that write's. A player back after hours reads in the
move log when each move was made, not when this device first saw it.

The first pair kept is only a floor: where its write started is not kept, so events up
to its version get no time. A new table starts with the floor (0, 0), so the events of
its first write (a computer table's deal) get that write's time.

Stored as unpadded base64 of unsigned varints: the first pair as is, each later pair as
the step from the one before (versions and seconds both only grow), about 3 bytes a pair.
"""

from __future__ import annotations

import base64

KEPT = 20  # the move log shows the hand's last 20 moves; a write makes at least one

MoveTimes = list[tuple[int, int]]  # (version reached, seconds after the table was made)


def record(times: MoveTimes, version: int, at: int) -> MoveTimes:
    """``times`` with a write that reached ``version`` at ``at`` added, the oldest dropped.

    >>> record([(4, 10)], 7, 25)
    [(4, 10), (7, 25)]
    >>> record([(4, 10)], 4, 30)  # no game change: nothing to time
    [(4, 10)]
    """
    if times and version <= times[-1][0]:
        return times
    at = max(at, times[-1][1]) if times else max(at, 0)  # a clock step back keeps order
    return [*times, (version, at)][-(KEPT + 1) :]  # the floor and KEPT timed writes


def time_of(times: MoveTimes, version: int) -> int | None:
    """Seconds after the table was made when the event of ``version`` took place.

    >>> time_of([(4, 10), (7, 25)], 5)
    25
    >>> time_of([(4, 10), (7, 25)], 4) is None  # at or under the floor
    True
    >>> time_of([(4, 10), (7, 25)], 8) is None  # not made yet
    True
    """
    if not times or version <= times[0][0]:
        return None
    return next((at for reached, at in times if reached >= version), None)


def encode(times: MoveTimes) -> str:
    out = bytearray()
    last_v = last_t = 0
    for version, at in times:
        _varint(out, version - last_v)
        _varint(out, at - last_t)
        last_v, last_t = version, at
    return base64.urlsafe_b64encode(bytes(out)).decode("ascii").rstrip("=")


def decode(text: str) -> MoveTimes:
    """The inverse of :func:`encode`.

    >>> decode(encode([(4, 10), (7, 25), (300, 90000)]))
    [(4, 10), (7, 25), (300, 90000)]
    """
    numbers: list[int] = []
    value = shift = 0
    raw = base64.b64decode(text + "=" * (-len(text) % 4), altchars=b"-_", validate=True)
    for byte in raw:
        value |= (byte & 0x7F) << shift
        shift += 7
        if not byte & 0x80:
            numbers.append(value)
            value = shift = 0
    if shift or len(numbers) % 2:
        raise ValueError("the stored move times are cut short")
    times: MoveTimes = []
    last_v = last_t = 0
    for step_v, step_t in zip(numbers[::2], numbers[1::2], strict=True):
        last_v, last_t = last_v + step_v, last_t + step_t
        times.append((last_v, last_t))
    return times


def _varint(out: bytearray, value: int) -> None:
    if value < 0:
        raise ValueError("move times only grow")
    while value >= 0x80:
        out.append(value & 0x7F | 0x80)
        value >>= 7
    out.append(value)
