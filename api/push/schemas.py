"""The Web Push routes' schemas (api/push/routes.py): a browser's subscription, checked
as far as can be without calling its push service, and the VAPID key's answer."""

from __future__ import annotations

import re
from collections.abc import Callable

from marshmallow import Schema, ValidationError, fields, validate

from api.tables.records import strict_urlsafe_b64decode
from engine.core.languages import LANGUAGES


def _b64url_bytes(size: int, what: str) -> Callable[[str], None]:
    """Unpadded (or padded) base64url decoding to exactly ``size`` bytes."""

    def check(value: str) -> None:
        text = value.rstrip("=")
        if not re.fullmatch(r"[A-Za-z0-9_-]+", text):
            raise ValidationError(f"{what} must be base64url")
        try:
            raw = strict_urlsafe_b64decode(text)
        except ValueError as err:
            raise ValidationError(f"{what} must be base64url") from err
        if len(raw) != size:
            raise ValidationError(f"{what} must be {size} bytes")
        if size == P256_POINT_BYTES and not _on_p256(raw):
            raise ValidationError(f"{what} must be an uncompressed P-256 point")

    return check


P256_POINT_BYTES = 65
PUSH_AUTH_BYTES = 16


def _on_p256(raw: bytes) -> bool:
    from cryptography.hazmat.primitives.asymmetric import ec

    if raw[0] != 4:
        return False
    try:
        ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), raw)
    except ValueError:
        return False
    return True


class PushKeysSchema(Schema):
    p256dh = fields.String(
        required=True,
        validate=[validate.Length(max=100), _b64url_bytes(P256_POINT_BYTES, "p256dh")],
        metadata={"description": "base64url of the subscriber's uncompressed P-256 point"},
    )
    auth = fields.String(
        required=True,
        validate=[validate.Length(max=32), _b64url_bytes(PUSH_AUTH_BYTES, "auth")],
        metadata={"description": "base64url of the subscriber's 16-byte auth secret"},
    )


class PushSubscriptionSchema(Schema):
    """``PushSubscription.toJSON()`` as a browser gives it."""

    endpoint = fields.String(
        required=True,
        validate=validate.Length(min=1, max=1024),
        metadata={"description": "https URL on a known push service"},
    )
    keys = fields.Nested(PushKeysSchema, required=True)
    expirationTime = fields.Integer(allow_none=True)


class PushRequest(Schema):
    subscription = fields.Nested(PushSubscriptionSchema, required=True)
    seat = fields.Integer(strict=True, validate=validate.Range(0, 3))
    lang = fields.String(load_default="en", validate=validate.OneOf(LANGUAGES))


class PushDeleteRequest(Schema):
    endpoint = fields.String(
        validate=validate.Length(min=1, max=1024),
        metadata={"description": "this device's subscription; left out, all of the seat's"},
    )
    seat = fields.Integer(strict=True, validate=validate.Range(0, 3))


class PushKeyResponse(Schema):
    public_key = fields.String(
        required=True,
        metadata={"description": "the VAPID public key: base64url of an uncompressed P-256 point"},
    )
