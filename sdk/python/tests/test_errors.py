"""Typed errors from the API's error envelope."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

import sunlight_sdk
from sunlight_sdk import (
    AuthError,
    ConflictError,
    NotFoundError,
    RateLimitedError,
    ScopeError,
    ServiceUnavailableError,
    SunlightError,
    SunlightNotImplementedError,
    ValidationError,
)
from sunlight_sdk.errors import error_from_response

from conftest import call, make_client, close_client


async def test_a_bad_token_is_an_auth_error(kind: str, env: Any) -> None:
    client = make_client(kind, env.base_url, token="not-a-jwt")
    try:
        with pytest.raises(AuthError) as caught:
            await call(client.transparency.list_jurisdictions())
    finally:
        await close_client(client)
    error = caught.value
    assert error.status == 401 and error.code == "AUTH_MISSING_TOKEN" and error.request_id
    assert error.response is not None and 'error="invalid_token"' in error.response.headers["www-authenticate"]
    assert isinstance(error, SunlightError) and "401 AUTH_MISSING_TOKEN" in str(error)


async def test_no_token_is_an_auth_error_on_a_protected_route(kind: str, env: Any) -> None:
    client = make_client(kind, env.base_url)
    try:
        with pytest.raises(AuthError):
            await call(client.foia.list())
        assert (await call(client.health_live()))["status"] == "alive"  # public routes need none
    finally:
        await close_client(client)


async def test_a_missing_scope_is_a_scope_error(reader: Any) -> None:
    with pytest.raises(ScopeError) as caught:
        await call(reader.foia.list())
    assert caught.value.status == 403 and caught.value.code == "AUTH_INSUFFICIENT_SCOPE"
    assert caught.value.required_scope == "read:foia" and caught.value.provided_scopes == ["read:transparency"]
    with pytest.raises(ScopeError) as chat:
        await call(reader.chat.ask("Deadline in Texas?"))
    assert chat.value.required_scope == "chat:assistant"
    with pytest.raises(ScopeError) as admin:
        await call(reader.admin.metrics())
    assert admin.value.required_scope == "admin:metrics"
    # The reader's own scope works.
    assert (await call(reader.transparency.get_jurisdiction("federal")))["slug"] == "federal"


async def test_validation_errors_carry_the_issues(client: Any) -> None:
    with pytest.raises(ValidationError) as caught:
        await call(client.transparency.list_jurisdictions(limit=1000))
    assert caught.value.status == 400 and caught.value.code == "VALIDATION_ERROR"
    assert [i["path"] for i in caught.value.issues] == ["query.limit"]
    with pytest.raises(ValidationError) as body:
        await call(client.foia.create({"jurisdiction": "texas"}))  # type: ignore[typeddict-item]
    assert {i["path"] for i in body.value.issues} >= {"body.agency", "body.subject", "body.description"}


def test_not_implemented_keeps_the_builtin_name_free() -> None:
    # Every route of the interface is built now; a 501 still maps to this class (test_every_status_maps_to_its_class).
    assert sunlight_sdk.NotImplementedError is SunlightNotImplementedError
    assert not issubclass(SunlightNotImplementedError, NotImplementedError)  # the builtin is not shadowed here


async def test_request_reaches_any_route(client: Any) -> None:
    texas = await call(client.request("GET", "/api/v2/transparency/jurisdictions/texas"))
    assert texas["slug"] == "texas"
    rows = await call(client.request("get", "/api/v2/transparency/compare", params={"field": "initial_deadline", "jurisdiction": ["texas"]}))
    assert [r["jurisdiction"] for r in rows["data"]] == ["texas"]
    with pytest.raises(NotFoundError):
        await call(client.request("GET", "/api/nowhere"))


# -- the mapping itself, on responses built here (no API) --------------------------------------

def response(status: int, body: Any = None, headers: dict[str, str] | None = None, text: str | None = None) -> httpx.Response:
    request = httpx.Request("GET", "http://api.test/x")
    if text is not None:
        return httpx.Response(status, text=text, headers=headers, request=request)
    return httpx.Response(status, json=body, headers=headers, request=request)


def envelope(status: int, code: str, **metadata: Any) -> dict[str, Any]:
    return {"error": {"code": code, "message": code.lower(), "status": status, **({"metadata": metadata} if metadata else {})}}


def test_every_status_maps_to_its_class() -> None:
    cases = {
        400: sunlight_sdk.ValidationError, 401: AuthError, 403: sunlight_sdk.PermissionDeniedError, 404: NotFoundError,
        409: ConflictError, 412: sunlight_sdk.PreconditionFailedError, 413: sunlight_sdk.PayloadTooLargeError,
        415: sunlight_sdk.UnsupportedMediaTypeError, 429: RateLimitedError, 500: sunlight_sdk.InternalServerError,
        501: SunlightNotImplementedError, 503: ServiceUnavailableError, 418: SunlightError,
    }
    for status, cls in cases.items():
        error = error_from_response(response(status, envelope(status, "SOME_CODE"), {"x-request-id": "r-1"}))
        assert type(error) is cls and error.status == status and error.code == "SOME_CODE" and error.request_id == "r-1"


def test_special_fields() -> None:
    scope = error_from_response(response(403, envelope(403, "AUTH_INSUFFICIENT_SCOPE", required_scope="read:foia", provided_scopes=[])))
    assert isinstance(scope, ScopeError) and scope.required_scope == "read:foia" and scope.provided_scopes == []
    https = error_from_response(response(403, envelope(403, "HTTPS_REQUIRED")))
    assert type(https) is sunlight_sdk.PermissionDeniedError
    conflict = error_from_response(response(409, envelope(409, "CONFLICT")))
    assert isinstance(conflict, ConflictError) and conflict.allowed_transitions is None
    unavailable = error_from_response(response(503, envelope(503, "SERVICE_UNAVAILABLE"), {"retry-after": "7"}))
    assert isinstance(unavailable, ServiceUnavailableError) and unavailable.retry_after == 7.0
    limited = error_from_response(response(429, envelope(429, "RATE_LIMITED", retry_after_seconds=3)))
    assert isinstance(limited, RateLimitedError) and limited.retry_after == 3.0
    internal = error_from_response(response(500, envelope(500, "INTERNAL_ERROR", request_id="r-9")))
    assert internal.request_id == "r-9"


def test_a_body_that_is_not_the_envelope() -> None:
    error = error_from_response(response(502, text="<html>Bad gateway</html>"))
    assert type(error) is SunlightError and error.status == 502 and error.code == "HTTP_502" and "Bad gateway" in error.message
