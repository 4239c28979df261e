"""``python -m engine.compare_matches``, the documented command (:mod:`engine.tools`)."""

from engine.tools.compare_matches import main

if __name__ == "__main__":
    raise SystemExit(main())
