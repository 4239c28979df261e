"""Friends keep playing (issue 24): a rematch into the same seats, reactions, a nudge.

Everything here is api-level table state: none of it touches the engine's record or
its game ``version`` (a reaction or a nudge never makes a move stale).
"""
