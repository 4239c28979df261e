"""Benchmarks: ``python -m tests.bench`` runs every ``bench_*.py`` module's ``main()``."""
