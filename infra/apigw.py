"""API Gateway HTTP API (payload format 2.0) events, built the way the real gateway builds them.

The dev server and the tests use this to drive the Lambda handler exactly as
production does.
"""

from __future__ import annotations

import base64
import time
import uuid
from collections.abc import Iterable, Mapping
from typing import Any
from urllib.parse import parse_qsl


def http_api_event(
    method: str,
    path: str,
    *,
    query_string: str = "",
    headers: Iterable[tuple[str, str]] | Mapping[str, str] = (),
    body: bytes | str | None = None,
    source_ip: str = "127.0.0.1",
) -> dict[str, Any]:
    pairs = headers.items() if isinstance(headers, Mapping) else headers
    merged: dict[str, str] = {}
    cookies: list[str] = []
    for name, value in pairs:
        key = name.lower()
        if key == "cookie":
            cookies.extend(c.strip() for c in value.split(";") if c.strip())
            continue
        # The gateway joins repeated headers with commas and lower-cases their names.
        merged[key] = f"{merged[key]},{value}" if key in merged else value
    params: dict[str, str] = {}
    for name, value in parse_qsl(query_string, keep_blank_values=True):
        params[name] = f"{params[name]},{value}" if name in params else value
    text: str | None = None
    encoded = False
    if isinstance(body, bytes) and body:
        try:
            text = body.decode("utf-8")
        except UnicodeDecodeError:
            text, encoded = base64.b64encode(body).decode("ascii"), True
    elif isinstance(body, str) and body:
        text = body
    now = time.time()
    event: dict[str, Any] = {
        "version": "2.0",
        "routeKey": "$default",
        "rawPath": path,
        "rawQueryString": query_string,
        "headers": merged,
        "requestContext": {
            "accountId": "000000000000",
            "apiId": "local",
            "domainName": merged.get("host", "localhost"),
            "domainPrefix": "local",
            "http": {
                "method": method.upper(),
                "path": path,
                "protocol": "HTTP/1.1",
                "sourceIp": source_ip,
                "userAgent": merged.get("user-agent", ""),
            },
            "requestId": uuid.uuid4().hex,
            "routeKey": "$default",
            "stage": "$default",
            "time": time.strftime("%d/%b/%Y:%H:%M:%S +0000", time.gmtime(now)),
            "timeEpoch": int(now * 1000),
        },
        "isBase64Encoded": encoded,
    }
    if cookies:
        event["cookies"] = cookies
    if params:
        event["queryStringParameters"] = params
    if text is not None:
        event["body"] = text
    return event


class LambdaContext:
    """The few attributes of a Lambda context that logging and Powertools read."""

    function_name = "istaka-local"
    function_version = "$LATEST"
    invoked_function_arn = "arn:aws:lambda:local:000000000000:function:istaka-local"
    memory_limit_in_mb = 512
    log_group_name = "/aws/lambda/istaka-local"
    log_stream_name = "local"

    def __init__(self) -> None:
        self.aws_request_id = uuid.uuid4().hex

    def get_remaining_time_in_millis(self) -> int:
        return 30_000
