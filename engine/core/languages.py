"""The languages Istaka speaks, declared once for the whole project.

Every text the server writes (the coach's review, pushes, Telegram messages) and every
``lang`` a request may name come from this list; the frontend's own list
(``frontend/js/i18n/index.js``, ``LANGS``, with each language's name) and its dictionaries,
rules pages and extras are checked against it (tests/test_languages.py).

>>> LANGUAGES
('en', 'tr', 'ko')
>>> DEFAULT in LANGUAGES
True
"""

from __future__ import annotations

LANGUAGES = ("en", "tr", "ko")
DEFAULT = "en"
