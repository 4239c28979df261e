"""Settings read from the environment, so one code path serves Lambda, the dev server and tests."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field

DEFAULT_SQLITE_PATH = "data/istaka.sqlite3"


@dataclass(frozen=True)
class Settings:
    store: str = "sqlite"  # "sqlite" | "dynamodb"
    sqlite_path: str = DEFAULT_SQLITE_PATH
    table_name: str = "istaka-tables"
    dynamodb_endpoint: str | None = None
    region: str | None = None
    public_url: str | None = None  # base of invite links when the request carries no Origin
    finished_ttl_days: int = 7
    idle_ttl_days: int = 30
    # Keys the tokens of retried joins with each table's own secret, so a leaked item
    # alone cannot give them (api/auth.py join_token). Optional: joins work without it.
    secret: str = field(default="", repr=False)
    # Values of X-Origin-Verify that prove a request came through our CloudFront (two during
    # a rotation: the new one and the old). Empty: no check, as in local play and the tests.
    # Kept out of repr so that logging the settings can never print the secret.
    origin_verify: tuple[str, ...] = field(default=(), repr=False)

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        env = os.environ if env is None else env
        return cls(
            store=env.get("ISTAKA_STORE", "sqlite").strip().lower(),
            sqlite_path=env.get("ISTAKA_SQLITE_PATH", DEFAULT_SQLITE_PATH),
            table_name=env.get("ISTAKA_TABLE_NAME", "istaka-tables"),
            dynamodb_endpoint=env.get("ISTAKA_DYNAMODB_ENDPOINT") or None,
            region=env.get("AWS_REGION") or env.get("AWS_DEFAULT_REGION") or None,
            public_url=env.get("ISTAKA_PUBLIC_URL") or None,
            finished_ttl_days=int(env.get("ISTAKA_FINISHED_TTL_DAYS", "7")),
            idle_ttl_days=int(env.get("ISTAKA_IDLE_TTL_DAYS", "30")),
            secret=env.get("ISTAKA_SECRET", ""),
            origin_verify=_secrets(env.get("ISTAKA_ORIGIN_VERIFY", "")),
        )


def _secrets(text: str) -> tuple[str, ...]:
    """Comma-separated secrets, blanks dropped (the stack writes "new,old", equal when no
    rotation is under way)."""
    return tuple(dict.fromkeys(part.strip() for part in text.split(",") if part.strip()))
