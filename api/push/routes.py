"""Web Push: the server's public key, and a seat's subscription on this device."""

from __future__ import annotations

from aws_lambda_powertools.event_handler import Response

from api.push.schemas import PushDeleteRequest, PushKeyResponse, PushRequest
from api.push.subscriptions import subscribe, unsubscribe
from api.tables.context import get_service
from api.tables.schemas import load_later
from api.web.http import body, dumped, header, token
from api.web.router import router


def push_key() -> Response[str]:
    from api.push.keys import public_key  # cryptography: loaded by the requests that use it

    answer = {"public_key": public_key(get_service().settings)}
    # The key changes only when the operator replaces it: a browser may keep it a while.
    return dumped(PushKeyResponse, answer, headers={"Cache-Control": "public, max-age=3600"})


def put_push(table_id: str) -> Response[str]:
    request = load_later(PushRequest, body(router), "bad_subscription")
    subscribe(get_service(), table_id, token(router), request, header(router, "origin"))
    return Response(status_code=204, body="", headers={"Cache-Control": "no-store"})


def delete_push(table_id: str) -> Response[str]:
    request = load_later(PushDeleteRequest, body(router))
    unsubscribe(get_service(), table_id, token(router), request)
    return Response(status_code=204, body="", headers={"Cache-Control": "no-store"})
