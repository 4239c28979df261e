"""Web Push: the server's public key, and a seat's subscription on this device."""

from __future__ import annotations

from aws_lambda_powertools.event_handler import Response

from ..context import get_service
from ..http import body, dumped, header, new_router, token
from ..push.subscriptions import subscribe, unsubscribe
from ..schemas import SCHEMAS, load_later

router = new_router()


@router.get("/push/key")
def push_key() -> Response[str]:
    from ..push.keys import public_key  # cryptography: loaded by the requests that use it

    answer = {"public_key": public_key(get_service().settings)}
    # The key changes only when the operator replaces it: a browser may keep it a while.
    return dumped(SCHEMAS["push_key"], answer, headers={"Cache-Control": "public, max-age=3600"})


@router.put("/tables/<table_id>/push")
def put_push(table_id: str) -> Response[str]:
    request = load_later(SCHEMAS["push"], body(router), "bad_subscription")
    subscribe(get_service(), table_id, token(router), request, header(router, "origin"))
    return Response(status_code=204, body="", headers={"Cache-Control": "no-store"})


@router.delete("/tables/<table_id>/push")
def delete_push(table_id: str) -> Response[str]:
    request = load_later(SCHEMAS["push_delete"], body(router))
    unsubscribe(get_service(), table_id, token(router), request)
    return Response(status_code=204, body="", headers={"Cache-Control": "no-store"})
