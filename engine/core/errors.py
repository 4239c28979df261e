"""Typed errors for actions, so the API can map each to a status code."""

from __future__ import annotations


class ActionError(Exception):
    """An action that was not applied; ``code`` is machine-readable."""

    code = "action_error"

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class MalformedAction(ActionError):
    """The action is not well-formed (unknown type, missing or bad tile)."""

    code = "malformed_action"


class NotYourTurn(ActionError):
    """The seat may not act now: another seat is on turn."""

    code = "not_your_turn"


class IllegalAction(ActionError):
    """Well-formed and in turn, but the rules forbid it. ``code`` may name the rule, so
    a client can say why in its own words (``pairs_only``, ``not_opened``, ...)."""

    code = "illegal_action"

    def __init__(self, message: str, code: str | None = None) -> None:
        super().__init__(message)
        if code is not None:
            self.code = code


class InvalidOptions(ValueError):
    """Table options that the rules do not allow."""
