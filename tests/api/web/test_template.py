"""What template.yaml means, beyond what cfn-lint can check: the edge's security headers, the
origin secret, the optional WAF, access logs and reserved concurrency."""

from __future__ import annotations

import fnmatch
import importlib
import json
import re
from typing import Any

import pytest

from api.handler import ORIGIN_HEADER
from api.review.hand import ReviewQuery
from api.store.kinds import WAKE_AT, WAKE_BUCKET, WAKE_INDEX
from api.tables.pace import SPECTATOR_MAX_AGE
from api.tables.sweep import STOP_MARGIN_MS
from api.web.config import Settings
from infra.devserver import EMBED_HEADERS, SITE_HEADERS, TELEGRAM_HEADERS
from tests.api.support import template

ONE_YEAR = 365 * 24 * 3600


@pytest.fixture(scope="module")
def cfn() -> dict[str, Any]:
    return template()


def _resource(cfn: dict[str, Any], name: str, kind: str) -> dict[str, Any]:
    resource: dict[str, Any] = cfn["Resources"][name]
    assert resource["Type"] == kind, name
    return resource


def _distribution(cfn: dict[str, Any]) -> dict[str, Any]:
    config: dict[str, Any] = _resource(cfn, "SiteDistribution", "AWS::CloudFront::Distribution")[
        "Properties"
    ]["DistributionConfig"]
    return config


def _behaviour(cfn: dict[str, Any], pattern: str | None) -> dict[str, Any]:
    config = _distribution(cfn)
    if pattern is None:
        default: dict[str, Any] = config["DefaultCacheBehavior"]
        return default
    (found,) = [b for b in config["CacheBehaviors"] if b["PathPattern"] == pattern]
    return dict(found)


def _security_headers(cfn: dict[str, Any], behaviour: dict[str, Any]) -> dict[str, Any]:
    policy = behaviour["ResponseHeadersPolicyId"]["Ref"]
    resource = _resource(cfn, policy, "AWS::CloudFront::ResponseHeadersPolicy")
    headers: dict[str, Any] = resource["Properties"]["ResponseHeadersPolicyConfig"][
        "SecurityHeadersConfig"
    ]
    # CloudFront's values win over anything an origin sends.
    assert all(h["Override"] is True for h in headers.values()), policy
    return headers


def _csp(headers: dict[str, Any]) -> dict[str, str]:
    """The policy's directives, by name."""
    text = " ".join(headers["ContentSecurityPolicy"]["ContentSecurityPolicy"].split())
    directives = [d.strip().split(" ", 1) for d in text.split(";") if d.strip()]
    return {d[0]: d[1] if len(d) > 1 else "" for d in directives}


def _assert_hsts(headers: dict[str, Any]) -> None:
    hsts = headers["StrictTransportSecurity"]
    assert hsts["AccessControlMaxAgeSec"] >= ONE_YEAR and hsts["IncludeSubdomains"] is True


def test_the_app_gets_hsts_a_strict_csp_and_is_never_framed(cfn: dict[str, Any]) -> None:
    headers = _security_headers(cfn, _behaviour(cfn, None))
    _assert_hsts(headers)
    csp = _csp(headers)
    assert csp["default-src"] == "'self'"
    assert csp["frame-ancestors"] == "'none'"
    assert csp["object-src"] == "'none'" and csp["base-uri"] == "'none'"
    # Nothing loosens default-src for scripts or styles: no inline code, no eval.
    assert not {"script-src", "style-src"} & set(csp)
    assert "unsafe" not in headers["ContentSecurityPolicy"]["ContentSecurityPolicy"]
    assert headers["FrameOptions"]["FrameOption"] == "DENY"
    assert "ContentTypeOptions" in headers
    assert headers["ReferrerPolicy"]["ReferrerPolicy"] == "strict-origin-when-cross-origin"


def _served_like_the_site(
    cfn: dict[str, Any], path: str
) -> tuple[dict[str, Any], dict[str, Any], dict[str, str]]:
    """The page at ``path`` is the same file from the same origin as the site's, cached
    alike, with HSTS: only the headers differ. The site's behaviour, the page's security
    headers and its CSP."""
    page = _behaviour(cfn, path)
    site = _behaviour(cfn, None)
    for key in ("TargetOriginId", "CachePolicyId", "ViewerProtocolPolicy", "AllowedMethods"):
        assert page[key] == site[key], key
    headers = _security_headers(cfn, page)
    _assert_hsts(headers)
    return site, headers, _csp(headers)


def test_the_embed_page_may_be_framed_by_any_site_and_is_otherwise_as_strict(
    cfn: dict[str, Any],
) -> None:
    site, headers, csp = _served_like_the_site(cfn, "/embed.html")
    assert csp["frame-ancestors"] == "*"
    assert "FrameOptions" not in headers
    app_csp = _csp(_security_headers(cfn, site))
    assert {k: v for k, v in csp.items() if k != "frame-ancestors"} == {
        k: v for k, v in app_csp.items() if k != "frame-ancestors"
    }


def test_only_the_mini_app_page_loads_telegrams_script_and_only_telegram_web_frames_it(
    cfn: dict[str, Any],
) -> None:
    site, headers, csp = _served_like_the_site(cfn, "/tg.html")
    assert csp["script-src"] == "'self' https://telegram.org"
    assert csp["frame-ancestors"] == "https://web.telegram.org"
    assert "FrameOptions" not in headers
    assert "unsafe" not in headers["ContentSecurityPolicy"]["ContentSecurityPolicy"]
    app_csp = _csp(_security_headers(cfn, site))
    loosened = ("frame-ancestors", "script-src")
    assert {k: v for k, v in csp.items() if k not in loosened} == {
        k: v for k, v in app_csp.items() if k not in loosened
    }
    # Every other page keeps Telegram's script out.
    for pattern in (None, "/embed.html"):
        policy = _security_headers(cfn, _behaviour(cfn, pattern))["ContentSecurityPolicy"]
        assert "telegram" not in policy["ContentSecurityPolicy"]


def test_telegram_secrets_come_from_ssm_and_are_optional(cfn: dict[str, Any]) -> None:
    params = cfn["Parameters"]
    for name in ("TelegramBotTokenParameter", "TelegramWebhookSecretParameter"):
        assert params[name]["Default"] == ""  # no Telegram unless asked for
    for function, names in (
        ("ApiFunction", ("TelegramBotTokenParameter", "TelegramWebhookSecretParameter")),
        ("NotifierFunction", ("TelegramBotTokenParameter",)),
    ):
        props = _resource(cfn, function, "AWS::Serverless::Function")["Properties"]
        env = props["Environment"]["Variables"]
        assert env["ISTAKA_TELEGRAM_BOT_TOKEN_PARAMETER"] == {"Ref": "TelegramBotTokenParameter"}
        assert "ISTAKA_TELEGRAM_BOT_TOKEN" not in env  # never the token itself
        statements = props["Policies"][0]["Statement"]
        for name in names:
            (granted,) = [
                st["If"][1]
                for st in statements
                if "If" in st and name in json.dumps(st["If"][1]["Resource"])
            ]
            assert granted["Action"] == "ssm:GetParameter"


def test_the_dev_server_sends_what_cloudfront_sends(cfn: dict[str, Any]) -> None:
    """So the browser tests, which run against the dev server, test the production CSP."""
    for pattern, local in (
        (None, SITE_HEADERS),
        ("/embed.html", EMBED_HEADERS),
        ("/tg.html", TELEGRAM_HEADERS),
    ):
        headers = _security_headers(cfn, _behaviour(cfn, pattern))
        assert _csp(headers) == _csp(
            {"ContentSecurityPolicy": {"ContentSecurityPolicy": local["Content-Security-Policy"]}}
        )
        assert local["Referrer-Policy"] == headers["ReferrerPolicy"]["ReferrerPolicy"]
        assert local["X-Content-Type-Options"] == "nosniff"
        assert local.get("X-Frame-Options") == headers.get("FrameOptions", {}).get("FrameOption")


def test_api_answers_carry_nosniff_and_hsts_at_the_edge(cfn: dict[str, Any]) -> None:
    headers = _security_headers(cfn, _behaviour(cfn, "/api/*"))
    _assert_hsts(headers)
    assert "ContentTypeOptions" in headers
    assert _csp(headers)["default-src"] == "'none'"


def test_cloudfront_sends_the_origin_secret_the_function_checks(cfn: dict[str, Any]) -> None:
    (api,) = [o for o in _distribution(cfn)["Origins"] if o["Id"] == "api"]
    (header,) = api["OriginCustomHeaders"]
    assert header["HeaderName"].lower() == ORIGIN_HEADER
    reference = "{{resolve:ssm:${OriginVerifyParameter}:${OriginVerifyVersion}}}"
    assert header["HeaderValue"] == {"Sub": reference}
    # The function accepts that value and, during a rotation, the previous one, in the
    # comma-separated form api.web.config reads.
    env = _resource(cfn, "ApiFunction", "AWS::Serverless::Function")["Properties"]["Environment"][
        "Variables"
    ]
    accepted = env["ISTAKA_ORIGIN_VERIFY"]["Sub"].strip()
    previous = reference.replace("OriginVerifyVersion", "OriginVerifyPreviousVersion")
    assert accepted == f"{reference},{previous}"
    parsed = Settings.from_env({"ISTAKA_ORIGIN_VERIFY": accepted}).origin_verify
    assert parsed == (reference, previous)
    # In a rotation the function learns the new value before CloudFront starts sending it.
    assert cfn["Resources"]["SiteDistribution"]["DependsOn"] == "ApiFunction"
    # Only the parameter's name is in the template; its default names a String parameter.
    params = cfn["Parameters"]
    assert params["OriginVerifyParameter"]["Default"].startswith("/")
    assert params["OriginVerifyVersion"]["Default"] == 1
    assert params["OriginVerifyPreviousVersion"]["Default"] == 1


def test_the_rate_limit_is_optional_per_address_on_the_api_and_us_east_1_only(
    cfn: dict[str, Any],
) -> None:
    params = cfn["Parameters"]
    assert params["RateLimitPerFiveMinutes"]["Default"] == 0  # off unless asked for: it costs
    condition = {"Not": [{"Equals": [{"Ref": "RateLimitPerFiveMinutes"}, 0]}]}
    assert cfn["Conditions"]["RateLimited"] == condition
    acl = _resource(cfn, "ApiRateLimit", "AWS::WAFv2::WebACL")
    assert acl["Condition"] == "RateLimited"
    props = acl["Properties"]
    assert props["Scope"] == "CLOUDFRONT" and props["DefaultAction"] == {"Allow": {}}
    (rule,) = props["Rules"]
    rate = rule["Statement"]["RateBasedStatement"]
    assert rate["Limit"] == {"Ref": "RateLimitPerFiveMinutes"}
    assert rate["AggregateKeyType"] == "IP" and rate["EvaluationWindowSec"] == 300
    match = rate["ScopeDownStatement"]["ByteMatchStatement"]
    assert match["SearchString"] == "/api/" and match["PositionalConstraint"] == "STARTS_WITH"
    block = rule["Action"]["Block"]["CustomResponse"]
    assert block["ResponseCode"] == 429
    body = props["CustomResponseBodies"][block["CustomResponseBodyKey"]]
    assert body["ContentType"] == "APPLICATION_JSON"
    assert json.loads(body["Content"])["error"]["code"] == "rate_limited"
    assert _distribution(cfn)["WebACLId"] == {
        "If": ["RateLimited", {"GetAtt": "ApiRateLimit.Arn"}, {"Ref": "AWS::NoValue"}]
    }
    rule_check = cfn["Rules"]["RateLimitNeedsUsEast1"]
    assert rule_check["RuleCondition"] == condition
    (assertion,) = rule_check["Assertions"]
    assert assertion["Assert"] == {"Equals": [{"Ref": "AWS::Region"}, "us-east-1"]}


def test_access_logs_are_json_kept_for_a_while_and_hold_no_secrets(cfn: dict[str, Any]) -> None:
    settings = _resource(cfn, "HttpApi", "AWS::Serverless::HttpApi")["Properties"][
        "AccessLogSettings"
    ]
    group = settings["DestinationArn"]["GetAtt"].removesuffix(".Arn")
    retention = _resource(cfn, group, "AWS::Logs::LogGroup")["Properties"]["RetentionInDays"]
    assert retention == {"Ref": "AccessLogRetentionDays"}
    assert cfn["Parameters"]["AccessLogRetentionDays"]["Default"] == 30
    fmt = settings["Format"]
    # $context.error.messageString comes with its own quotes; every other value is quoted.
    quoted = fmt.replace("$context.error.messageString", '"e"')
    line = json.loads(re.sub(r"\$context\.[A-Za-z.]+", "v", quoted))
    used = dict(re.findall(r'"(\w+)":"?(\$context\.[A-Za-z.]+)', fmt))
    assert used["requestId"] == "$context.requestId"
    assert used["ip"] == "$context.identity.sourceIp"
    assert used["route"] == "$context.routeKey" and used["path"] == "$context.path"
    assert used["status"] == "$context.status"
    assert used["latencyMs"] == "$context.responseLatency"
    assert set(line) == set(used)
    # Only gateway facts: no request header (a seat token is one), no body, no query.
    assert "$request" not in fmt
    assert not re.search(r"authorization|body|header|querystring", fmt, re.IGNORECASE)


def test_reserved_concurrency_is_optional(cfn: dict[str, Any]) -> None:
    assert cfn["Parameters"]["ReservedConcurrency"]["Default"] == 0
    assert cfn["Conditions"]["ConcurrencyReserved"] == {
        "Not": [{"Equals": [{"Ref": "ReservedConcurrency"}, 0]}]
    }
    fn = _resource(cfn, "ApiFunction", "AWS::Serverless::Function")["Properties"]
    assert fn["ReservedConcurrentExecutions"] == {
        "If": ["ConcurrencyReserved", {"Ref": "ReservedConcurrency"}, {"Ref": "AWS::NoValue"}]
    }


def test_the_function_gets_the_join_token_secret_from_ssm(cfn: dict[str, Any]) -> None:
    env = _resource(cfn, "ApiFunction", "AWS::Serverless::Function")["Properties"]["Environment"][
        "Variables"
    ]
    # Resolved at deploy time from the parameter the README's first step creates: the
    # secret itself is never in the template, the repository or a table item.
    assert env["ISTAKA_SECRET"] == {"Sub": "{{resolve:ssm:${ServerSecretParameter}}}"}
    assert cfn["Parameters"]["ServerSecretParameter"]["Default"] == "/istaka/server-secret"


# Managed cache policy "CachingOptimized": it caches gzip and Brotli copies apart
# (EnableAcceptEncodingGzip and ...Brotli on), which CloudFront needs to compress.
CACHING_OPTIMIZED = "658327ea-f89d-4fab-a63d-7e88639e58f6"


@pytest.mark.parametrize(
    "pattern", [None, "/embed.html", "/api/*", "/api/tables/*", "/api/tables/*/hands/*"]
)
def test_cloudfront_compresses_the_site_and_the_api(
    cfn: dict[str, Any], pattern: str | None
) -> None:
    """Compress: true and a cache policy keyed on the encodings; infra/deploy_frontend.sh gives
    the files types CloudFront compresses (tests/api/web/test_deploy_frontend.py)."""
    behaviour = _behaviour(cfn, pattern)
    assert behaviour["Compress"] is True
    policy = behaviour["CachePolicyId"]
    if not pattern or not pattern.startswith("/api/"):
        assert policy == CACHING_OPTIMIZED
        return
    config = _resource(cfn, policy["Ref"], "AWS::CloudFront::CachePolicy")["Properties"][
        "CachePolicyConfig"
    ]["ParametersInCacheKeyAndForwardedToOrigin"]
    assert config["EnableAcceptEncodingGzip"] is True
    assert config["EnableAcceptEncodingBrotli"] is True


def test_the_sweep_runs_every_minute_and_may_query_the_wake_index_but_never_scan(
    cfn: dict[str, Any],
) -> None:
    """api/tables/sweep.py's scheduled function: read, write and query the index only."""
    sweep = _resource(cfn, "SweepFunction", "AWS::Serverless::Function")["Properties"]
    module, _, name = sweep["Handler"].rpartition(".")
    assert callable(getattr(importlib.import_module(module), name))
    api = _resource(cfn, "ApiFunction", "AWS::Serverless::Function")["Properties"]
    assert sweep["CodeUri"] == api["CodeUri"]  # one package, two handlers
    assert sweep["Timeout"] * 1000 > STOP_MARGIN_MS
    env = sweep["Environment"]["Variables"]
    assert env["ISTAKA_STORE"] == "dynamodb" and env["ISTAKA_TABLE_NAME"] == {"Ref": "TablesTable"}
    (event,) = sweep["Events"].values()
    assert event["Type"] == "ScheduleV2"
    assert event["Properties"]["ScheduleExpression"] == "rate(1 minute)"
    statements = [s for p in sweep["Policies"] for s in p["Statement"]]
    actions = {a for s in statements for a in _listed(s["Action"])}
    assert actions == {"dynamodb:GetItem", "dynamodb:PutItem", "dynamodb:Query"}
    (query,) = [s for s in statements if "dynamodb:Query" in _listed(s["Action"])]
    assert query["Resource"] == {"Sub": "${TablesTable.Arn}/index/" + WAKE_INDEX}
    # Nothing in the stack may scan the table.
    assert "Scan" not in json.dumps(cfn)


def _listed(value: Any) -> list[Any]:
    return value if isinstance(value, list) else [value]


def test_the_wake_index_is_sparse_keyed_as_the_store_writes_it(cfn: dict[str, Any]) -> None:
    props = _resource(cfn, "TablesTable", "AWS::DynamoDB::Table")["Properties"]
    # Beside it only the lobby's (tests/api/store/test_store_kinds.py checks every index).
    (index,) = [i for i in props["GlobalSecondaryIndexes"] if i["IndexName"] != "open"]
    assert index["IndexName"] == WAKE_INDEX
    assert index["KeySchema"] == [
        {"AttributeName": WAKE_BUCKET, "KeyType": "HASH"},
        {"AttributeName": WAKE_AT, "KeyType": "RANGE"},
    ]
    assert index["Projection"] == {"ProjectionType": "KEYS_ONLY"}
    types = {d["AttributeName"]: d["AttributeType"] for d in props["AttributeDefinitions"]}
    assert types == {"id": "S", WAKE_BUCKET: "S", WAKE_AT: "N", "ol": "S", "os": "N"}


def _cache_policy(cfn: dict[str, Any], behaviour: dict[str, Any]) -> dict[str, Any]:
    config: dict[str, Any] = _resource(
        cfn, behaviour["CachePolicyId"]["Ref"], "AWS::CloudFront::CachePolicy"
    )["Properties"]["CachePolicyConfig"]
    return config


def test_spectator_views_are_shared_at_the_edge_and_seat_views_never(
    cfn: dict[str, Any], service: Any, client: Any
) -> None:
    """Why no seat's view can reach another caller from CloudFront's cache.

    1. Table GETs take the /api/tables/* behaviour (listed before /api/*: the first
       matching pattern wins), whose cache key holds the Authorization header: requests
       with different tokens, or a token and none, never share an entry.
    2. Its DefaultTTL and MinTTL are 0: an answer is kept only as long as it says, and a
       seat's view says "private, no-store" (asked here of the API itself), which
       CloudFront does not store at all.
    3. Only a spectator's view, the same for everyone, says public, for at most MaxTTL.
    """
    patterns = [b["PathPattern"] for b in _distribution(cfn)["CacheBehaviors"]]
    assert patterns.index("/api/tables/*") < patterns.index("/api/*")
    views = _behaviour(cfn, "/api/tables/*")
    assert fnmatch.fnmatchcase("/api/tables/AbC-12_x", views["PathPattern"])
    assert views["TargetOriginId"] == "api" and views["Compress"] is True
    assert views["ResponseHeadersPolicyId"] == _behaviour(cfn, "/api/*")["ResponseHeadersPolicyId"]
    assert views["OriginRequestPolicyId"] == _behaviour(cfn, "/api/*")["OriginRequestPolicyId"]
    policy = _cache_policy(cfn, views)
    key = policy["ParametersInCacheKeyAndForwardedToOrigin"]
    assert key["HeadersConfig"]["HeaderBehavior"] == "whitelist"
    assert "Authorization" in key["HeadersConfig"]["Headers"]
    assert key["QueryStringsConfig"]["QueryStringBehavior"] == "all"  # since= and seat=
    assert key["EnableAcceptEncodingGzip"] and key["EnableAcceptEncodingBrotli"]
    assert policy["MinTTL"] == 0 and policy["DefaultTTL"] == 0
    assert policy["MaxTTL"] >= max(SPECTATOR_MAX_AGE.values())
    # Every other API path keeps caching nothing, and keys on the token as well.
    rest = _cache_policy(cfn, _behaviour(cfn, "/api/*"))
    assert rest["MaxTTL"] <= 1 and rest["DefaultTTL"] == 0
    assert (
        "Authorization"
        in rest["ParametersInCacheKeyAndForwardedToOrigin"]["HeadersConfig"]["Headers"]
    )
    # What the origin says, for a seat and for a spectator of the same table.
    made = client.create(mode="computer", name="A", options={"seats": 2})
    path = f"/api/tables/{made['table_id']}"
    seat = client.call("GET", path, token=made["token"]).headers["Cache-Control"]
    assert seat == "private, no-store"
    spectator = client.call("GET", path).headers["Cache-Control"]
    assert spectator.startswith("public, max-age=")
    assert int(spectator.rsplit("=", 1)[1]) <= policy["MaxTTL"]


_HEADERS_POLICY = "AWS::CloudFront::ResponseHeadersPolicy"


def test_finished_hands_are_kept_at_the_edge_for_an_hour_keyed_on_what_they_read(
    cfn: dict[str, Any], service: Any, client: Any
) -> None:
    """GET /api/tables/{id}/hands/{n} and .../review: a finished hand never changes.

    1. Their own behaviour, listed before /api/tables/* (the first match wins), matches both
       paths and no table view.
    2. Its policy keeps an answer as long as the API says, up to an hour, and nothing that
       names no lifetime (MinTTL and DefaultTTL 0); a hand in play is a 404 no-store.
    3. The key is the review's query (seat, lang: the fields ReviewQuery reads), no header
       (a new Origin skipped the edge and cost the origin a review), no token (neither
       handler reads one), no cookies; and only the key reaches the origin, so no unkeyed
       part of a request can change an answer. CORS is said by CloudFront (HandsHeadersPolicy),
       for the API's own allowed origin, with the API's security headers.
    """
    patterns = [b["PathPattern"] for b in _distribution(cfn)["CacheBehaviors"]]
    hands = _behaviour(cfn, "/api/tables/*/hands/*")
    assert patterns.index(hands["PathPattern"]) < patterns.index("/api/tables/*")
    for path in ("/api/tables/AbC-12_x/hands/0", "/api/tables/AbC-12_x/hands/12/review"):
        assert fnmatch.fnmatchcase(path, hands["PathPattern"])
    for path in ("/api/tables/AbC-12_x", "/api/tables/AbC-12_x/actions", "/api/tables/status"):
        assert not fnmatch.fnmatchcase(path, hands["PathPattern"])
    assert hands["TargetOriginId"] == "api" and hands["ViewerProtocolPolicy"] == "https-only"
    headers = _resource(cfn, hands["ResponseHeadersPolicyId"]["Ref"], _HEADERS_POLICY)
    api_headers = _resource(
        cfn, _behaviour(cfn, "/api/*")["ResponseHeadersPolicyId"]["Ref"], _HEADERS_POLICY
    )
    config = headers["Properties"]["ResponseHeadersPolicyConfig"]
    api_config = api_headers["Properties"]["ResponseHeadersPolicyConfig"]
    assert config["SecurityHeadersConfig"] == api_config["SecurityHeadersConfig"]
    cors = config["CorsConfig"]
    api_cors = cfn["Resources"]["HttpApi"]["Properties"]["CorsConfiguration"]
    assert cors["AccessControlAllowOrigins"]["Items"] == api_cors["AllowOrigins"]
    assert set(cors["AccessControlAllowMethods"]["Items"]) == {"GET", "HEAD", "OPTIONS"}
    assert cors["AccessControlAllowCredentials"] is False and cors["OriginOverride"] is True
    assert set(hands["AllowedMethods"]) == {"GET", "HEAD", "OPTIONS"}
    assert set(hands["CachedMethods"]) == {"GET", "HEAD"}
    policy = _cache_policy(cfn, hands)
    assert (policy["MinTTL"], policy["DefaultTTL"], policy["MaxTTL"]) == (0, 0, 3600)
    key = policy["ParametersInCacheKeyAndForwardedToOrigin"]
    assert key["HeadersConfig"] == {"HeaderBehavior": "none"}
    assert key["CookiesConfig"] == {"CookieBehavior": "none"}
    queries = key["QueryStringsConfig"]
    assert queries["QueryStringBehavior"] == "whitelist"
    assert sorted(queries["QueryStrings"]) == sorted(ReviewQuery().fields)
    assert key["EnableAcceptEncodingGzip"] and key["EnableAcceptEncodingBrotli"]
    forwarded = _resource(
        cfn, hands["OriginRequestPolicyId"]["Ref"], "AWS::CloudFront::OriginRequestPolicy"
    )["Properties"]["OriginRequestPolicyConfig"]
    assert forwarded["QueryStringsConfig"] == {"QueryStringBehavior": "none"}
    assert forwarded["CookiesConfig"] == {"CookieBehavior": "none"}
    assert set(forwarded["HeadersConfig"]["Headers"]) == {
        "Access-Control-Request-Method",
        "Access-Control-Request-Headers",
    }
    # What the origin says of a hand still in play: not a thing to keep.
    made = client.create(mode="computer", name="A", options={"seats": 2})
    for tail in ("hands/0", "hands/0/review?seat=0"):
        path, _, query = f"/api/tables/{made['table_id']}/{tail}".partition("?")
        reply = client.call("GET", path, query=query)
        assert reply.status == 404 and reply.headers["Cache-Control"] == "no-store"
