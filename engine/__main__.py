"""``python -m engine``: see :mod:`engine.tools.cli`."""

from engine.tools.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
