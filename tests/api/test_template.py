"""What template.yaml means, beyond what cfn-lint can check (issue 13)."""

from __future__ import annotations

from typing import Any

import pytest

from infra.devserver import EMBED_HEADERS, SITE_HEADERS

from .support import template

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


def test_the_embed_page_may_be_framed_by_any_site_and_is_otherwise_as_strict(
    cfn: dict[str, Any],
) -> None:
    embed = _behaviour(cfn, "/embed.html")
    site = _behaviour(cfn, None)
    # The same file from the same origin, cached alike: only the headers differ.
    for key in ("TargetOriginId", "CachePolicyId", "ViewerProtocolPolicy", "AllowedMethods"):
        assert embed[key] == site[key], key
    headers = _security_headers(cfn, embed)
    _assert_hsts(headers)
    csp = _csp(headers)
    assert csp["frame-ancestors"] == "*"
    assert "FrameOptions" not in headers
    app_csp = _csp(_security_headers(cfn, site))
    assert {k: v for k, v in csp.items() if k != "frame-ancestors"} == {
        k: v for k, v in app_csp.items() if k != "frame-ancestors"
    }


def test_the_dev_server_sends_what_cloudfront_sends(cfn: dict[str, Any]) -> None:
    """So the browser tests, which run against the dev server, test the production CSP."""
    for pattern, local in ((None, SITE_HEADERS), ("/embed.html", EMBED_HEADERS)):
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
