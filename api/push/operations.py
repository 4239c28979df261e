"""The HTTP operations of Web Push: the key, a seat's subscription."""

from __future__ import annotations

from api.push import routes as push
from api.push import schemas as push_s
from api.web.operation import (
    COMMON_ERRORS,
    SEAT,
    Operation,
)

OPERATIONS: tuple[Operation, ...] = (
    Operation(
        "get",
        "/api/push/key",
        push.push_key,
        "pushKey",
        "The server's Web Push key",
        "the server's public key",
        push_s.PushKeyResponse,
        errors=(),
        description="The VAPID public key to subscribe with (applicationServerKey).",
    ),
    Operation(
        "put",
        "/api/tables/{table_id}/push",
        push.put_push,
        "subscribePush",
        "Push notifications for a seat on this device",
        "done; no body",
        status=204,
        request=push_s.PushRequest,
        errors=(*COMMON_ERRORS, 401, 403),
        security=SEAT,
        description=(
            "Push notifications for the seat on this device: one subscription per "
            "seat and endpoint (the same endpoint replaces it), at most 5 per seat "
            "(the oldest goes). Codes: bad_subscription, bad_push_endpoint."
        ),
    ),
    Operation(
        "delete",
        "/api/tables/{table_id}/push",
        push.delete_push,
        "unsubscribePush",
        "No more push notifications",
        "done; no body",
        status=204,
        request=push_s.PushDeleteRequest,
        request_required=False,
        errors=(*COMMON_ERRORS, 401, 403),
        security=SEAT,
        description="No more pushes to this device's endpoint, or to any of the seat's.",
    ),
)
