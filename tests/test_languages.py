"""One list of languages for the whole project (engine/core/languages.py).

The Python side imports it; the frontend cannot, so its lists are read here and compared:
the language menu (frontend/js/i18n/index.js ``LANGS``), the rules pages the service worker
caches (frontend/sw.js), and one dictionary, one extras file and one rules page per language.
"""

from __future__ import annotations

import re
from pathlib import Path

from api.push import texts as push_texts
from api.push.schemas import PushRequest
from api.review.hand import ReviewQuery
from api.telegram import links
from api.telegram import schemas as telegram_schemas
from engine.core.languages import LANGUAGES
from engine.core.review import texts as review_texts

ROOT = Path(__file__).resolve().parents[1]
FRONTEND = ROOT / "frontend"


def test_the_python_side_uses_the_one_list() -> None:
    for module in (push_texts, links, telegram_schemas, review_texts):
        assert module.LANGS is LANGUAGES, module.__name__
    for schema in (PushRequest, ReviewQuery):
        assert tuple(schema().fields["lang"].validate.choices) == LANGUAGES, schema


def test_the_frontends_language_menu_is_the_list() -> None:
    source = (FRONTEND / "js/i18n/index.js").read_text()
    menu = re.search(r"export const LANGS = \{([^}]*)\}", source)
    assert menu, "i18n/index.js declares export const LANGS = { code: 'Name', ... }"
    assert tuple(re.findall(r"(\w+):", menu.group(1))) == LANGUAGES


def test_the_service_worker_caches_each_languages_rules() -> None:
    source = (FRONTEND / "sw.js").read_text()
    rules = re.search(r"\.\.\.\[([^\]]*)\]\.map\(lang => `rules/", source)
    assert rules, "sw.js caches rules/<lang>.md for each language"
    assert tuple(re.findall(r"'(\w+)'", rules.group(1))) == LANGUAGES


def test_each_language_has_its_dictionary_extras_and_rules_page() -> None:
    def names(folder: Path, suffix: str) -> set[str]:
        return {p.stem for p in folder.glob(f"*{suffix}") if p.stem != "index"}

    assert names(FRONTEND / "js/i18n", ".js") == set(LANGUAGES)
    assert names(FRONTEND / "js/i18n/more", ".js") == set(LANGUAGES)
    assert names(FRONTEND / "rules", ".md") == set(LANGUAGES)
