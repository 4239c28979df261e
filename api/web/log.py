"""The one structured JSON logger. Log table ids, seats, action types and versions only:
never tokens, racks or drawn tiles."""

from __future__ import annotations

from aws_lambda_powertools import Logger

logger = Logger(service="istaka", log_uncaught_exceptions=False)
