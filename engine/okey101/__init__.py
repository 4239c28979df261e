"""101 Okey (variant ``101``): opening values, the best opening, laying off.

Pure and standard-library only, like the classic engine. Runs never wrap in
101 (``run_13_1`` is off): a 1 is only ever low.
"""
