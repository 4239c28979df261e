"""The server's VAPID key pair (RFC 8292): who signs every push, and the public half
browsers subscribe with.

In AWS the private key is a SecureString in SSM Parameter Store (its name is the
``VapidKeyParameter`` of template.yaml, in ``ISTAKA_VAPID_PARAMETER``), read once per
cold start. Locally it is a file (``ISTAKA_VAPID_KEY_FILE``, by default
``data/vapid-private.key``) made on first use. Either holds the 32-byte private scalar
as unpadded base64url (what ``python -m api.push.keys`` prints). The private key is
never returned, logged or put in an error: only :func:`public_key` leaves this module.
"""

from __future__ import annotations

import base64
import os
import threading
from dataclasses import dataclass, field
from pathlib import Path

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

from api.web.config import Settings

PRIVATE_BYTES = 32


def b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


@dataclass(frozen=True)
class VapidKey:
    # The base64url private scalar; kept out of repr so that no log of this object shows it.
    private: str = field(repr=False)

    @property
    def public(self) -> str:
        """The public key: base64url of the uncompressed P-256 point (65 bytes)."""
        return b64url(_public_point(self.private))


def generate_private() -> str:
    key = ec.generate_private_key(ec.SECP256R1())
    return b64url(key.private_numbers().private_value.to_bytes(PRIVATE_BYTES, "big"))


def _private_key(private: str) -> ec.EllipticCurvePrivateKey:
    raw = base64.urlsafe_b64decode(private + "=" * (-len(private) % 4))
    if len(raw) != PRIVATE_BYTES:
        raise ValueError("a VAPID private key is 32 bytes")
    return ec.derive_private_key(int.from_bytes(raw, "big"), ec.SECP256R1())


def _public_point(private: str) -> bytes:
    return (
        _private_key(private)
        .public_key()
        .public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    )


def _from_ssm(settings: Settings, name: str) -> str:
    import boto3  # only in AWS, where the parameter lives

    client = boto3.client("ssm", region_name=settings.region)
    answer = client.get_parameter(Name=name, WithDecryption=True)
    return str(answer["Parameter"]["Value"]).strip()


def _from_file(path: Path) -> str:
    """The key in ``path``, written there first if there is none (mode 0600; whichever
    process creates the file first wins, the others read its key)."""
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            pass
        else:
            with os.fdopen(fd, "w") as out:
                out.write(generate_private() + "\n")
    return path.read_text().strip()


_cache: dict[tuple[str | None, str], VapidKey] = {}
_lock = threading.Lock()


def load_key(settings: Settings) -> VapidKey:
    """The configured key pair, read once per process (a Lambda's cold start)."""
    where = (settings.vapid_parameter, settings.vapid_key_file)
    with _lock:
        key = _cache.get(where)
        if key is None:
            if settings.vapid_parameter:
                private = _from_ssm(settings, settings.vapid_parameter)
            else:
                private = _from_file(Path(settings.vapid_key_file))
            _public_point(private)  # a malformed key fails here, not at the first push
            key = _cache[where] = VapidKey(private)
    return key


def public_key(settings: Settings) -> str:
    return load_key(settings).public


if __name__ == "__main__":
    # A new private key, for: aws ssm put-parameter --type SecureString --value "$(...)"
    print(generate_private())
