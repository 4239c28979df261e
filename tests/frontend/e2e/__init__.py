"""Browser tests of the frontend (pytest + Playwright, Debian's chromium)."""
