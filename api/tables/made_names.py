"""Names the server makes for players at open tables: an adjective and an animal.

Strangers never see a name someone typed (no free text between them): each player appears
everywhere under the same made name, drawn from a digest of the player's id, in the
reader's language. A seat stores the name's code (``"~7.12"``: adjective 7, animal 12), so
every reader renders it in their own words: the API in English, the frontend from its
strings (``mn_a``/``mn_b`` in frontend/js/i18n/more/, checked against these lists by
tests/api/tables/test_made_names.py), a push in the subscriber's language.

>>> code = made_code("AbCdEfGh")
>>> code == made_code("AbCdEfGh"), is_made(code), is_made("Ayşe")
(True, True, False)
>>> render("~0.0"), render("~0.0", "tr"), render("~0.0", "ko")
('Calm Fox', 'Sakin Tilki', '차분한 여우')
"""

from __future__ import annotations

import hashlib

PREFIX = "~"  # never the start of a made name's words, nor of a typed name at an open table


def _words(text: str) -> tuple[str, ...]:
    return tuple(text.split(","))


ADJECTIVES: dict[str, tuple[str, ...]] = {
    "en": _words(
        "Calm,Brave,Quick,Lucky,Clever,Merry,Quiet,Bold,"
        "Gentle,Swift,Wise,Bright,Sunny,Jolly,Keen,Noble,"
        "Proud,Sly,Witty,Cosy,Eager,Mellow,Nimble,Plucky"
    ),
    "tr": _words(
        "Sakin,Cesur,Hızlı,Şanslı,Zeki,Neşeli,Sessiz,Atak,"
        "Nazik,Çevik,Bilge,Parlak,Güneşli,Şen,Keskin,Asil,"
        "Gururlu,Kurnaz,Esprili,Sıcak,İstekli,Yumuşak,Becerikli,Yürekli"
    ),
    "ko": _words(
        "차분한,용감한,재빠른,운 좋은,영리한,명랑한,조용한,대담한,"
        "다정한,날쌘,지혜로운,빛나는,화창한,유쾌한,예리한,고귀한,"
        "당당한,약삭빠른,재치 있는,포근한,열정적인,느긋한,민첩한,씩씩한"
    ),
}
ANIMALS: dict[str, tuple[str, ...]] = {
    "en": _words(
        "Fox,Owl,Bear,Wolf,Hawk,Deer,Lynx,Otter,"
        "Heron,Stork,Crane,Falcon,Badger,Hare,Seal,Swan,"
        "Tiger,Panda,Camel,Dolphin,Eagle,Robin,Gazelle,Pelican"
    ),
    "tr": _words(
        "Tilki,Baykuş,Ayı,Kurt,Şahin,Geyik,Vaşak,Samur,"
        "Balıkçıl,Leylek,Turna,Doğan,Porsuk,Tavşan,Fok,Kuğu,"
        "Kaplan,Panda,Deve,Yunus,Kartal,Ardıç,Ceylan,Pelikan"
    ),
    "ko": _words(
        "여우,부엉이,곰,늑대,매,사슴,스라소니,수달,"
        "왜가리,황새,두루미,송골매,오소리,토끼,물범,백조,"
        "호랑이,판다,낙타,돌고래,독수리,울새,가젤,펠리컨"
    ),
}
COUNT = len(ADJECTIVES["en"])  # as many animals: COUNT² names


def made_code(player_id: str) -> str:
    """The stored form of a player's made name: the same for the player at every table."""
    digest = hashlib.sha256(b"made-name:" + player_id.encode("utf-8")).digest()
    return f"{PREFIX}{digest[0] % COUNT}.{digest[1] % COUNT}"


def is_made(name: str | None) -> bool:
    return bool(name) and str(name).startswith(PREFIX)


def parts(code: str) -> tuple[int, int]:
    """The adjective's and the animal's numbers; ``ValueError`` for anything else."""
    adjective, animal = (int(n) for n in code[len(PREFIX) :].split("."))
    if not (0 <= adjective < COUNT and 0 <= animal < COUNT):
        raise ValueError("no such made name")
    return adjective, animal


def render(code: str, lang: str = "en") -> str:
    """The made name in ``lang`` (English for a language without its words)."""
    adjective, animal = parts(code)
    words = lang if lang in ADJECTIVES else "en"
    return f"{ADJECTIVES[words][adjective]} {ANIMALS[words][animal]}"
