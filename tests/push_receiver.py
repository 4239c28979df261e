"""A push service for the tests: a tiny HTTP server on 127.0.0.1 that takes Web Push
requests, checks their VAPID JWT (RFC 8292) and decrypts their payload (RFC 8291,
aes128gcm) with the keys of a subscriber made here, as a browser would.

    with PushReceiver() as receiver:
        device = receiver.device("phone")      # a subscriber: endpoint and keys
        ...                                    # subscribe device.subscription() and play
        message = receiver.messages[0]
        message.verify(public_key)             # the JWT, against GET /api/push/key
        message.payload                        # the decrypted JSON

``receiver.answer(device, 410)`` (or a list of statuses) sets what the next requests
to that device get; the default is 201.
"""

from __future__ import annotations

import base64
import json
import os
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import http_ece
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature

DAY_S = 24 * 3600


def b64url(raw: bytes) -> str:
    return base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass
class Device:
    """A browser's push subscription: its endpoint and its own key pair and secret."""

    endpoint: str
    key: ec.EllipticCurvePrivateKey = field(
        default_factory=lambda: ec.generate_private_key(ec.SECP256R1()), repr=False
    )
    auth: bytes = field(default_factory=lambda: os.urandom(16), repr=False)

    @property
    def p256dh(self) -> str:
        point = self.key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        return b64url(point)

    def subscription(self) -> dict[str, Any]:
        """As ``PushSubscription.toJSON()`` gives it."""
        keys = {"p256dh": self.p256dh, "auth": b64url(self.auth)}
        return {"endpoint": self.endpoint, "expirationTime": None, "keys": keys}


@dataclass
class Message:
    device: Device
    path: str
    headers: dict[str, str]
    body: bytes
    status: int  # what the receiver answered
    origin: str

    @property
    def payload(self) -> dict[str, Any]:
        """The plaintext JSON, decrypted with the device's keys (fails if it does not)."""
        assert self.headers.get("content-encoding") == "aes128gcm"
        plain = http_ece.decrypt(
            self.body, private_key=self.device.key, auth_secret=self.device.auth
        )
        decoded: dict[str, Any] = json.loads(plain)
        return decoded

    def claims(self, public_key: str) -> dict[str, Any]:
        """The VAPID JWT's claims once every check passes (an AssertionError otherwise):
        ``vapid t=<jwt>,k=<key>`` with k the server's public key, an ES256 signature by
        it, ``aud`` the endpoint's origin, ``exp`` in the next 24 hours, and ``sub`` a
        ``mailto:`` or ``https:`` contact."""
        scheme, _, params = self.headers["authorization"].partition(" ")
        assert scheme.lower() == "vapid", self.headers["authorization"][:10]
        parts = dict(p.strip().split("=", 1) for p in params.split(","))
        assert parts["k"] == public_key
        head, claims, signature = parts["t"].split(".")
        assert json.loads(unb64url(head)) == {"typ": "JWT", "alg": "ES256"}
        raw = unb64url(signature)
        assert len(raw) == 64
        der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
        signer = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64url(public_key))
        signer.verify(der, f"{head}.{claims}".encode("ascii"), ec.ECDSA(hashes.SHA256()))
        decoded: dict[str, Any] = json.loads(unb64url(claims))
        assert decoded["aud"] == self.origin
        assert time.time() < decoded["exp"] <= time.time() + DAY_S
        sub = decoded["sub"]
        assert sub.startswith("mailto:") or sub.startswith("https://"), sub
        return decoded


class PushReceiver:
    def __init__(self) -> None:
        self.messages: list[Message] = []
        self.requests = 0
        self._devices: dict[str, Device] = {}
        self._answers: dict[str, list[int]] = {}
        self._lock = threading.Lock()
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self.origin = f"http://127.0.0.1:{self._server.server_address[1]}"
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    def __enter__(self) -> PushReceiver:
        self._thread.start()
        return self

    def __exit__(self, *_exc: object) -> None:
        self._server.shutdown()
        self._server.server_close()

    def device(self, name: str) -> Device:
        device = Device(f"{self.origin}/push/{name}-{b64url(os.urandom(6))}")
        self._devices[device.endpoint.removeprefix(self.origin)] = device
        return device

    def answer(self, device: Device, statuses: int | list[int]) -> None:
        """What the next requests to ``device`` are answered (then 201 again)."""
        path = device.endpoint.removeprefix(self.origin)
        with self._lock:
            self._answers[path] = [statuses] if isinstance(statuses, int) else list(statuses)

    def to(self, device: Device) -> list[Message]:
        return [m for m in self.messages if m.device is device]

    def wait_for(self, count: int, timeout: float = 10) -> list[Message]:
        """The messages once at least ``count`` have come (the dev server sends them
        from a background thread)."""
        deadline = time.monotonic() + timeout
        while len(self.messages) < count and time.monotonic() < deadline:
            time.sleep(0.02)
        return list(self.messages)

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                length = int(self.headers.get("content-length") or 0)
                body = self.rfile.read(length)
                with receiver._lock:
                    receiver.requests += 1
                    queued = receiver._answers.get(self.path) or []
                    status = queued.pop(0) if queued else 201
                    device = receiver._devices.get(self.path)
                    if device is not None:
                        headers = {k.lower(): v for k, v in self.headers.items()}
                        receiver.messages.append(
                            Message(device, self.path, headers, body, status, receiver.origin)
                        )
                self.send_response((device and status) or 404)
                self.send_header("content-length", "0")
                self.end_headers()

            def log_message(self, *_args: Any) -> None:
                pass

        return Handler
