"""``python -m engine.simulate``, the documented command (:mod:`engine.tools.simulate`)."""

from engine.tools.simulate import main

if __name__ == "__main__":
    raise SystemExit(main())
