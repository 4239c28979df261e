"""What a cold start imports: Powertools' API Gateway resolver without the resolvers and event
classes this API never uses (api/web/powertools.py), and everything still importable."""

from __future__ import annotations

import subprocess
import sys

from tests.api.support import ROOT

UNUSED = (
    "asyncio",
    "aws_lambda_powertools.event_handler.appsync",
    "aws_lambda_powertools.event_handler.bedrock_agent",
    "aws_lambda_powertools.event_handler.vpc_lattice",
    "aws_lambda_powertools.utilities.data_classes.s3_event",
    "aws_lambda_powertools.utilities.data_classes.code_pipeline_job_event",
)


def _run(code: str) -> str:
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    return done.stdout.strip()


def test_the_handler_imports_no_resolver_it_does_not_use() -> None:
    loaded = _run(f"import sys, api.handler; print([m for m in {UNUSED!r} if m in sys.modules])")
    assert loaded == "[]"


def test_every_name_of_the_packages_is_still_there() -> None:
    code = (
        "import api.handler, sys\n"
        "from aws_lambda_powertools.event_handler import APIGatewayHttpResolver, Response\n"
        "from aws_lambda_powertools.event_handler import content_types\n"
        "from aws_lambda_powertools.utilities.data_classes import SQSEvent\n"
        "print('asyncio' in sys.modules)\n"
        "from aws_lambda_powertools.event_handler import AppSyncResolver\n"
        "import aws_lambda_powertools.event_handler as eh\n"
        "print(AppSyncResolver.__name__, eh.AppSyncResolver is AppSyncResolver,"
        " eh.Response is Response)"
    )
    assert _run(code).splitlines() == ["False", "AppSyncResolver True True"]
