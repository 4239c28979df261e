"""Helpers for the API tests: call the Lambda handler with gateway events, build stores."""

from __future__ import annotations

import contextlib
import json
import logging
import os
import shutil
import sqlite3
import subprocess
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from api.handler import handler
from api.web.errors import ApiError
from api.web.log import logger
from infra.apigw import LambdaContext, http_api_event
from tests import servers

ROOT = Path(__file__).resolve().parents[2]
TEMPLATE = ROOT / "template.yaml"
DYNALITE = ROOT / "infra" / "node_modules" / "dynalite" / "cli.js"
DYNALITE_SERVER = ROOT / "infra" / "dynalite_server.js"
REGION = "us-east-1"


@dataclass
class Reply:
    status: int
    headers: dict[str, str]
    text: str

    @property
    def body(self) -> Any:
        return json.loads(self.text) if self.text else None


class ApiClient:
    """Sends requests to the Lambda handler as API Gateway HTTP API events."""

    def __init__(self) -> None:
        self.replies: list[Reply] = []

    def call(
        self,
        method: str,
        path: str,
        body: Any = None,
        *,
        token: str | None = None,
        query: str = "",
        headers: dict[str, str] | None = None,
        raw: str | None = None,
    ) -> Reply:
        sent = {"content-type": "application/json", **(headers or {})}
        if token is not None:
            sent["authorization"] = f"Bearer {token}"
        text = raw if raw is not None else (json.dumps(body) if body is not None else None)
        event = http_api_event(method, path, query_string=query, headers=sent, body=text)
        result = handler(event, LambdaContext())
        reply = Reply(
            result["statusCode"], dict(result.get("headers") or {}), result.get("body") or ""
        )
        self.replies.append(reply)
        return reply

    # Shorthands for the common requests.
    def create(self, **request: Any) -> dict[str, Any]:
        reply = self.call("POST", "/api/tables", request)
        assert reply.status == 201, reply.text
        answer: dict[str, Any] = reply.body
        return answer

    def view(self, table_id: str, token: str | None, query: str = "") -> dict[str, Any]:
        reply = self.call("GET", f"/api/tables/{table_id}", token=token, query=query)
        assert reply.status == 200, reply.text
        view: dict[str, Any] = reply.body
        return view

    def act(self, table_id: str, token: str, action: dict[str, Any], **extra: Any) -> Reply:
        return self.call(
            "POST", f"/api/tables/{table_id}/actions", {**action, **extra}, token=token
        )


class _CfnLoader(yaml.SafeLoader):
    """YAML loader that accepts CloudFormation's short-form tags (!Ref, !Sub, ...)."""


def _cfn_tag(loader: yaml.SafeLoader, suffix: str, node: yaml.Node) -> Any:
    if isinstance(node, yaml.ScalarNode):
        return {suffix: loader.construct_scalar(node)}
    if isinstance(node, yaml.SequenceNode):
        return {suffix: loader.construct_sequence(node)}
    assert isinstance(node, yaml.MappingNode)
    return {suffix: loader.construct_mapping(node)}


_CfnLoader.add_multi_constructor("!", _cfn_tag)


def template() -> dict[str, Any]:
    loaded: dict[str, Any] = yaml.load(TEMPLATE.read_text(), Loader=_CfnLoader)
    return loaded


def table_definition() -> dict[str, Any]:
    """The DynamoDB table's key schema and TTL, as template.yaml declares them."""
    tables = [r for r in template()["Resources"].values() if r["Type"] == "AWS::DynamoDB::Table"]
    assert len(tables) == 1, "template.yaml declares exactly one DynamoDB table"
    return dict(tables[0]["Properties"])


def create_dynamo_table(client: Any, name: str) -> None:
    props = table_definition()
    client.create_table(
        TableName=name,
        AttributeDefinitions=props["AttributeDefinitions"],
        KeySchema=props["KeySchema"],
        BillingMode=props["BillingMode"],
        GlobalSecondaryIndexes=props.get("GlobalSecondaryIndexes", []),
    )
    client.get_waiter("table_exists").wait(
        TableName=name, WaiterConfig={"Delay": 0.1, "MaxAttempts": 100}
    )
    ttl = props.get("TimeToLiveSpecification")
    if ttl:
        # dynalite does not implement TTL; moto and DynamoDB do.
        with contextlib.suppress(client.exceptions.ClientError):
            client.update_time_to_live(TableName=name, TimeToLiveSpecification=ttl)


@contextmanager
def dynalite_server(log_dir: Path) -> Iterator[str]:
    """A dynalite (DynamoDB-compatible) server on a port of its own, in memory."""
    if not DYNALITE.exists():
        subprocess.run([str(ROOT / "infra" / "setup_node.sh")], check=True)
    node = shutil.which("node")
    if node is None:
        raise RuntimeError("node is needed for dynalite (apt-get install nodejs)")
    with servers.running([node, str(DYNALITE_SERVER)], log_dir / "dynalite.log") as url:
        yield url


def fake_aws_env() -> dict[str, str]:
    """Credentials that go nowhere: moto and dynalite accept anything signed."""
    return {
        "AWS_ACCESS_KEY_ID": "testing",
        "AWS_SECRET_ACCESS_KEY": "testing",
        "AWS_SESSION_TOKEN": "testing",
        "AWS_DEFAULT_REGION": REGION,
        "AWS_REGION": REGION,
    }


@contextmanager
def patched_env(values: dict[str, str]) -> Iterator[None]:
    saved = {k: os.environ.get(k) for k in values}
    os.environ.update(values)
    try:
        yield
    finally:
        for key, old in saved.items():
            if old is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = old


class LogLines(logging.Handler):
    """Keeps every formatted line of the API's log, exactly as the Lambda would print it."""

    def __init__(self) -> None:
        super().__init__()
        self.lines: list[str] = []
        self.setFormatter(logger.registered_formatter)

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(self.format(record))

    @contextmanager
    def attached(self) -> Iterator[LogLines]:
        std_logger = logging.getLogger(logger.name)
        std_logger.addHandler(self)
        try:
            yield self
        finally:
            std_logger.removeHandler(self)


def at_once(jobs: list[Any]) -> list[tuple[int, Any]]:
    """Run every job in its own thread, all released together by a barrier: each one's
    (200, answer), or (status, error body) for an ApiError. For races on one table."""
    results: list[tuple[int, Any]] = [(0, None)] * len(jobs)
    barrier = threading.Barrier(len(jobs))

    def run(i: int) -> None:
        barrier.wait()
        try:
            results[i] = (200, jobs[i]())
        except ApiError as err:
            results[i] = (err.status, err.body())

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(jobs))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def old_sqlite_file(tmp_path: Path, *statements: str) -> str:
    """A SQLite file as an older version left it: ``statements`` run on a new file, saved."""
    path = str(tmp_path / "old.sqlite3")
    db = sqlite3.connect(path)
    for statement in statements:
        db.execute(statement)
    db.commit()
    db.close()
    return path
