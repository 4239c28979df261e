"""``python -m engine.simulate_matches``, the documented command (:mod:`engine.tools`)."""

from engine.tools.simulate_matches import main

if __name__ == "__main__":
    raise SystemExit(main())
