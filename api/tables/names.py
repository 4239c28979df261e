"""Players' names: one visible, comparable form, and none that passes for a computer player.

A name is shown to every seat of a table, so it is cleaned before it is stored:
control and format characters (NUL, newlines, bidi overrides, zero-width joiners,
...) are dropped, any run of whitespace becomes one space, the ends are trimmed,
and the result is NFC, so one name has one spelling. What is left must be 1 to 24
characters (code points) and must not imitate the label the game gives a computer
seat in any of its languages.

>>> clean_name("  Ayşe \\t Yılmaz ")
'Ayşe Yılmaz'
>>> clean_name("Ali\\u202e Veli")  # the override would show the rest right to left
'Ali Veli'
>>> len(clean_name("Zoe\\u0301"))  # e and a combining acute: one character, é
3
>>> clean_name("A\\ud800")  # a lone surrogate: nothing any store could hold
'A'
>>> clean_name(" \\u200b\\n")
Traceback (most recent call last):
...
ValueError: a name needs at least one visible character
>>> clean_name("BİLGİSAYAR 3")
Traceback (most recent call last):
...
ValueError: a name may not look like a computer player's (Computer, Bilgisayar, 컴퓨터)
"""

from __future__ import annotations

import unicodedata
from typing import Any

from marshmallow import ValidationError, fields, validate

MAX_NAME = 24
# What a client may send: room for fully decomposed text (a Hangul syllable is three
# jamo before NFC) and stray invisible characters, but not kilobytes of them.
MAX_SENT = 4 * MAX_NAME
# How the game labels a computer seat: the API's "Computer 2" and the frontend's
# i18n key "computer" in frontend/js/i18n/{en,tr,ko}.js.
BOT_LABELS = ("Computer", "Bilgisayar", "컴퓨터")
# Hangul fillers are letters (category Lo) that draw nothing: a name of them looks empty.
_FILLERS = frozenset("\u115f\u1160\u3164\uffa0")
# Cs: a lone surrogate (JSON's "\\ud800" escape decodes to one, inside signed Telegram data
# too), which no store or response can encode: dropped like any invisible character.
_DROPPED = frozenset(("Cc", "Cf", "Cs"))
DESCRIPTION = (
    f"A player's name, stored cleaned: control and format characters dropped, whitespace "
    f"trimmed and each run of it one space, NFC. 1..{MAX_NAME} characters after that "
    f"(at most {MAX_SENT} as sent); may not begin with a computer player's label "
    f"({', '.join(BOT_LABELS)}) in any case, spacing or numbering. Else 400 bad_name."
)
_INVISIBLE = ("Z", "M", "Cc", "Cf", "Cs")  # category prefixes that show nothing alone


# A seat's name when none was given, by language (frontend/js/i18n guest_name).
DEFAULT_NAMES = {"en": "Player {n}", "tr": "Oyuncu {n}", "ko": "플레이어 {n}"}


def default_name(seat: int, lang: str = "en") -> str:
    """The generated name of a seat (counted from 1) left unnamed: ``Player 2``."""
    return DEFAULT_NAMES.get(lang, DEFAULT_NAMES["en"]).format(n=seat + 1)


def clean_name(sent: str) -> str:
    """The name as stored and shown; ``ValueError`` with a message fit for the player."""
    kept: list[str] = []
    for char in sent:
        if char.isspace():
            # Tabs, newlines and other whitespace controls separate words: a space, not nothing.
            kept.append(" ")
        elif unicodedata.category(char) not in _DROPPED and char not in _FILLERS:
            kept.append(char)
    # NFC last: a dropped zero-width character may have stood between a letter and its accent.
    name = unicodedata.normalize("NFC", " ".join("".join(kept).split()))
    if not any(not unicodedata.category(c).startswith(_INVISIBLE) for c in name):
        raise ValueError("a name needs at least one visible character")
    if len(name) > MAX_NAME:
        raise ValueError(f"a name is at most {MAX_NAME} characters")
    if looks_like_a_bot(name):
        labels = ", ".join(BOT_LABELS)
        raise ValueError(f"a name may not look like a computer player's ({labels})")
    return name


def _skeleton(text: str) -> str:
    """Letters only, case and accents folded, for comparing names with labels.

    Turkish capitals fold unlike English ones ("İ" to "i" and a combining dot, "I"
    to "i" where Turkish means "ı"), so dotless ı counts as i and marks are dropped.
    """
    folded = unicodedata.normalize("NFKD", text.casefold().replace("ı", "i"))
    return "".join(c for c in folded if unicodedata.category(c).startswith("L"))


_BOT_SKELETONS = tuple(_skeleton(label) for label in BOT_LABELS)


def looks_like_a_bot(name: str) -> bool:
    """Whether ``name``, ignoring case, spaces, digits and punctuation, begins with a bot label.

    >>> [looks_like_a_bot(n) for n in ("computer 3", "BILGISAYAR", "컴퓨터2", "Combo")]
    [True, True, True, False]
    """
    return _skeleton(name).startswith(_BOT_SKELETONS)


class Name(fields.String):
    """A player's name in a request: loaded as :func:`clean_name` gives it."""

    def __init__(self, **kwargs: Any) -> None:
        # The length checked here is the cleaned name's; the OpenAPI document shows it. Its
        # pattern (some character that is not whitespace) holds for every name accepted.
        about = {"description": DESCRIPTION, "pattern": r"\S"}
        super().__init__(validate=validate.Length(min=1, max=MAX_NAME), metadata=about, **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> str:
        sent = super()._deserialize(value, attr, data, **kwargs)
        if len(sent) > MAX_SENT:
            raise ValidationError(f"a name is at most {MAX_NAME} characters")
        try:
            return clean_name(sent)
        except ValueError as err:
            raise ValidationError(str(err)) from err
