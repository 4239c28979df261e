"""The review's one-line reasons in English, Turkish and Korean.

A reason is ``{"code", "params", "text"}``: the code and params let a client
write its own sentence; ``text`` is ours. Tile params are tile ids; the text
names them by colour and value in the reader's language.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.core.languages import LANGUAGES
from engine.core.tiles import FAKE_FACE, colour_of, value_of

LANGS = LANGUAGES  # engine/core/languages.py

_COLOURS = {
    "en": ("red", "yellow", "blue", "black"),
    "tr": ("kırmızı", "sarı", "mavi", "siyah"),
    "ko": ("빨강", "노랑", "파랑", "검정"),
}
_FAKE = {"en": "the fake okey", "tr": "sahte okey", "ko": "가짜 오케이"}

# Params whose values are tile ids, or lists of them.
TILE_PARAMS = frozenset({"tile", "coach_tile", "taken", "tiles", "kept"})

TEXTS: dict[str, dict[str, str]] = {
    "coach_move": {
        "en": "The coach's move too.",
        "tr": "Koç da böyle oynardı.",
        "ko": "코치도 같은 수를 둡니다.",
    },
    "as_good": {
        "en": "As good as the coach's move: {after} tiles from a win, {outs} tiles help.",
        "tr": "Koçun hamlesi kadar iyi: bitmeye {after} taş, {outs} taş işe yarar.",
        "ko": "코치의 수만큼 좋습니다: 완성까지 {after}장, 도움이 되는 패 {outs}장.",
    },
    "fewer_outs": {
        "en": (
            "Throwing {tile} leaves {outs} tiles that help; {coach_tile} would leave {coach_outs}."
        ),
        "tr": "{tile} atınca {outs} taş işe yarar; {coach_tile} atılsa {coach_outs} taş olurdu.",
        "ko": (
            "{tile}을(를) 버리면 도움이 되는 패가 {outs}장, {coach_tile}이면 {coach_outs}장입니다."
        ),
    },
    "further_from_win": {
        "en": (
            "Throwing {tile} left you {after} tiles from a "
            "win; {coach_tile} would leave {coach_after}."
        ),
        "tr": "{tile} atınca bitmeye {after} taş kaldı; {coach_tile} atılsa {coach_after} kalırdı.",
        "ko": (
            "{tile}을(를) 버려 완성까지 {after}장 남았습니다. "
            "{coach_tile}이면 {coach_after}장입니다."
        ),
    },
    "broke_pair": {
        "en": (
            "Broke the pair {pair} while {coach_tile} could go: "
            "{after} tiles from a win instead of {coach_after}."
        ),
        "tr": (
            "{coach_tile} atılabilecekken {pair} çifti "
            "bozuldu: bitmeye {coach_after} yerine {after} taş."
        ),
        "ko": (
            "{coach_tile}을(를) 버릴 수 있었는데 {pair} 쌍을 "
            "깼습니다: 완성까지 {coach_after}장 대신 {after}장."
        ),
    },
    "broke_meld": {
        "en": (
            "Broke {kept} while {coach_tile} could go: "
            "{after} tiles from a win instead of {coach_after}."
        ),
        "tr": (
            "{coach_tile} atılabilecekken {kept} bozuldu: bitmeye {coach_after} yerine {after} taş."
        ),
        "ko": (
            "{coach_tile}을(를) 버릴 수 있었는데 {kept}을(를) "
            "깼습니다: 완성까지 {coach_after}장 대신 {after}장."
        ),
    },
    "missed_take": {
        "en": (
            "Taking {taken} from the left would have brought the "
            "win closer ({coach_after} tiles instead of {after})."
        ),
        "tr": "Soldan {taken} almak bitişi yaklaştırırdı ({after} yerine {coach_after} taş).",
        "ko": (
            "왼쪽의 {taken}을(를) 가져왔다면 완성에 더 "
            "가까웠습니다({after}장 대신 {coach_after}장)."
        ),
    },
    "take_no_help": {
        "en": (
            "Taking {taken} did not bring the win closer "
            "({after} tiles); the coach would have drawn."
        ),
        "tr": "Soldan {taken} almak bitişi yaklaştırmadı ({after} taş); koç desteden çekerdi.",
        "ko": (
            "왼쪽의 {taken}을(를) 가져와도 완성에 가까워지지 "
            "않았습니다({after}장). 코치는 더미에서 뽑았을 것입니다."
        ),
    },
    "finished": {
        "en": "Finished the hand.",
        "tr": "Eli bitirdin.",
        "ko": "판을 끝냈습니다.",
    },
    "finished_okey": {
        "en": "Finished with the okey: double score.",
        "tr": "Okeyle bitirdin: çift puan.",
        "ko": "오케이로 끝냈습니다: 점수 두 배.",
    },
    "missed_finish": {
        "en": "You could have finished by placing {coach_tile}.",
        "tr": "{coach_tile} koyarak bitirebilirdin.",
        "ko": "{coach_tile}을(를) 놓아 끝낼 수 있었습니다.",
    },
    "missed_finish_take": {
        "en": "Taking {taken} from the left would have finished the hand.",
        "tr": "Soldan {taken} alsan eli bitirirdin.",
        "ko": "왼쪽의 {taken}을(를) 가져왔다면 판을 끝낼 수 있었습니다.",
    },
    "missed_okey_finish": {
        "en": "Placing the okey {coach_tile} to finish would have scored double.",
        "tr": "Okey {coach_tile} ile bitirsen çift puan alırdın.",
        "ko": "오케이 {coach_tile}(으)로 끝냈다면 점수가 두 배였습니다.",
    },
    "missed_indicator": {
        "en": "Showing {tile}, the indicator's twin, was worth a point.",
        "tr": "Göstergenin eşi {tile} gösterilse bir puan kazandırırdı.",
        "ko": "표시패와 같은 {tile}을(를) 보여 주면 1점이었습니다.",
    },
    "coach_unknown": {
        "en": "The coach would draw from the pile; the tile it would get is unknown.",
        "tr": "Koç desteden çekerdi; gelecek taş bilinmiyor.",
        "ko": "코치는 더미에서 뽑았을 것입니다. 어떤 패가 올지는 알 수 없습니다.",
    },
    # 101
    "opened": {
        "en": "Opened with {points} points.",
        "tr": "{points} puanla açtın.",
        "ko": "{points}점으로 등록했습니다.",
    },
    "missed_open": {
        "en": "You could have opened with {points} points.",
        "tr": "{points} puanla açabilirdin.",
        "ko": "{points}점으로 등록할 수 있었습니다.",
    },
    "penalty": {
        "en": "Throwing {tile} cost a 101-point penalty.",
        "tr": "{tile} atmak 101 puan ceza getirdi.",
        "ko": "{tile}을(를) 버려 101점 벌점을 받았습니다.",
    },
    "missed_layoffs": {
        "en": "{tiles} could have gone on the table ({points} points left on the rack).",
        "tr": "{tiles} masaya işlenebilirdi (ıstakada {points} puan kaldı).",
        "ko": "{tiles}을(를) 테이블에 붙일 수 있었습니다(랙에 {points}점 남음).",
    },
    "higher_rack": {
        "en": "This leaves {after} points to count; the coach's move leaves {coach_after}.",
        "tr": "Bu hamle {after} puan bırakıyor; koçunki {coach_after}.",
        "ko": "이 수는 {after}점을 남기고, 코치의 수는 {coach_after}점을 남깁니다.",
    },
    "weaker_opening": {
        "en": (
            "Throwing {tile} leaves melds worth {after} toward "
            "the opening; {coach_tile} would leave {coach_after}."
        ),
        "tr": (
            "{tile} atınca açılış için {after} puanlık "
            "per kalıyor; {coach_tile} atılsa {coach_after}."
        ),
        "ko": (
            "{tile}을(를) 버리면 등록용 조합이 {after}점, {coach_tile}이면 {coach_after}점입니다."
        ),
    },
    "as_good101": {
        "en": "As good as the coach's move.",
        "tr": "Koçun hamlesi kadar iyi.",
        "ko": "코치의 수만큼 좋습니다.",
    },
    "finished101": {
        "en": "Finished the hand: -101.",
        "tr": "Eli bitirdin: -101.",
        "ko": "판을 끝냈습니다: -101.",
    },
    "missed_finish101": {
        "en": "You could have finished the hand this turn.",
        "tr": "Bu el bitirebilirdin.",
        "ko": "이번 차례에 판을 끝낼 수 있었습니다.",
    },
}


def tile_name(tile: int, lang: str) -> str:
    """``red 7``, ``kırmızı 7``, ``빨강 7``; the fake okey by name."""
    face = tile >> 1
    if face == FAKE_FACE:
        return _FAKE[lang]
    return f"{_COLOURS[lang][colour_of(face)]} {value_of(face)}"


def _shown(key: str, value: Any, lang: str) -> str:
    if key in TILE_PARAMS and isinstance(value, int):
        return tile_name(value, lang)
    if key in TILE_PARAMS and isinstance(value, list):
        if key == "kept":  # a meld reads best as its values: 3-4-5
            return "-".join(
                _FAKE[lang] if t >> 1 == FAKE_FACE else str(value_of(t >> 1)) for t in value
            )
        return ", ".join(tile_name(t, lang) for t in value)
    return str(value)


def reason(code: str, lang: str, **params: Any) -> dict[str, Any]:
    """A reason: its code, its params and its line in ``lang``."""
    shown = {k: _shown(k, v, lang) for k, v in params.items()}
    if "tile" in params and isinstance(params["tile"], int):
        # "the pair 7-7": the value twice reads better than the colour twice.
        face = params["tile"] >> 1
        value = _FAKE[lang] if face == FAKE_FACE else str(value_of(face))
        shown["pair"] = f"{value}-{value}"
    text = TEXTS[code][lang].format_map(_Missing(shown))
    text = text[:1].upper() + text[1:]  # a line may start with a tile's colour
    return {"code": code, "params": dict(params), "text": text}


class _Missing(dict[str, str]):
    """Leaves a placeholder without a param as it is rather than failing a review."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def lang_of(value: str | None) -> str:
    return value if value in LANGS else "en"


__all__ = ["LANGS", "TEXTS", "lang_of", "reason", "tile_name"]


def check_texts(texts: Mapping[str, Mapping[str, str]] = TEXTS) -> None:
    """Every reason in every language (the tests call it)."""
    for code, lines in texts.items():
        missing = set(LANGS) - set(lines)
        if missing:
            raise AssertionError(f"{code} lacks {sorted(missing)}")
