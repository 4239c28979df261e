"""A notification's title and text in each language of the app (frontend/js/i18n)."""

from __future__ import annotations

from api.tables.made_names import is_made, render
from engine.core.languages import LANGUAGES

LANGS = LANGUAGES  # engine/core/languages.py

# kind -> language -> (title, body). "game_over" is a hand_over that ended the game.
TEXTS: dict[str, dict[str, tuple[str, str]]] = {
    "your_turn": {
        "en": ("Your turn", "Your Okey table is waiting for your move."),
        "tr": ("Sıra sende", "Okey masan hamleni bekliyor."),
        "ko": ("내 차례예요", "오케이 테이블에서 내 수를 기다리고 있어요."),
    },
    "reminder": {
        "en": ("Your turn is running out", "Move soon: when time is up the computer plays."),
        "tr": ("Süren doluyor", "Hamleni yap: süre bitince bilgisayar oynar."),
        "ko": ("시간이 얼마 남지 않았어요", "곧 두세요. 시간이 다 되면 컴퓨터가 둡니다."),
    },
    "hand_over": {
        "en": ("Hand over", "The hand has ended: see the result."),
        "tr": ("El bitti", "El sona erdi: sonuca bak."),
        "ko": ("판이 끝났어요", "이번 판이 끝났어요. 결과를 확인하세요."),
    },
    "game_over": {
        "en": ("Game over", "The game has ended: see the result."),
        "tr": ("Oyun bitti", "Oyun sona erdi: sonuca bak."),
        "ko": ("게임이 끝났어요", "게임이 끝났어요. 결과를 확인하세요."),
    },
    "started": {
        "en": ("The game has started", "The tiles are dealt at your Okey table."),
        "tr": ("Oyun başladı", "Okey masanda taşlar dağıtıldı."),
        "ko": ("게임이 시작됐어요", "오케이 테이블에 패가 돌았어요."),
    },
    # {name}: the player who asked (api/friends).
    "rematch": {
        "en": ("Play again?", "{name} wants a rematch: your seat is kept at the next table."),
        "tr": ("Rövanş?", "{name} yeniden oynamak istiyor: sonraki masada yerin hazır."),
        "ko": ("한 판 더?", "{name} 님이 다시 하자고 해요. 다음 테이블에 자리가 있어요."),
    },
    "joined": {
        "en": ("Someone sat down", "{name} sat at your open table."),
        "tr": ("Masana biri oturdu", "{name} açık masana oturdu."),
        "ko": ("누가 앉았어요", "{name} 님이 내 공개 테이블에 앉았어요."),
    },
    "nudge": {
        "en": ("Your move", "{name} is waiting for your move."),
        "tr": ("Sıra sende", "{name} hamleni bekliyor."),
        "ko": ("내 차례예요", "{name} 님이 내 수를 기다리고 있어요."),
    },
}
# When the name is not known (never expected: every player has one).
SOMEONE = {"en": "A friend", "tr": "Bir arkadaşın", "ko": "친구"}


def text_for(
    kind: str, lang: str, match_over: bool = False, name: str | None = None
) -> tuple[str, str]:
    key = "game_over" if kind == "hand_over" and match_over else kind
    texts = TEXTS[key]
    title, body = texts.get(lang, texts["en"])
    if name is not None and is_made(name):
        name = render(name, lang)  # a made name, in the subscriber's words
    if "{name}" in body:
        body = body.replace("{name}", name or SOMEONE.get(lang, SOMEONE["en"]))
    return title, body
