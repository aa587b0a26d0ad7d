"""Authentication: fixed and callable tokens, and the client-credentials grant with its cache."""

from __future__ import annotations

import base64
import time
from typing import Any
from urllib.parse import parse_qs

import httpx
import pytest

from sunlight_sdk import AuthError, ClientCredentials, ScopeError, TokenRequestError

from conftest import call, close_client, make_client


def credentials(env: Any, **kwargs: Any) -> ClientCredentials:
    return ClientCredentials(env.token_url, env.client_id, env.client_secret, **kwargs)


def token_requests(requests: list[httpx.Request], env: Any) -> list[httpx.Request]:
    return [r for r in requests if str(r.url) == env.token_url]


async def test_client_credentials_fetch_once_and_reuse(kind: str, env: Any) -> None:
    sent: list[httpx.Request] = []
    client = make_client(kind, env.base_url, client_credentials=credentials(env), requests=sent)
    try:
        assert (await call(client.transparency.get_jurisdiction("texas")))["slug"] == "texas"
        await call(client.foia.list())
        await call(client.chat.conversations.list())
    finally:
        await close_client(client)
    fetched = token_requests(sent, env)
    assert len(fetched) == 1  # one token for the three calls
    grant = fetched[0]
    assert grant.method == "POST" and grant.headers["content-type"] == "application/x-www-form-urlencoded"
    assert parse_qs(grant.content.decode()) == {"grant_type": ["client_credentials"]}
    user, _, secret = base64.b64decode(grant.headers["authorization"].removeprefix("Basic ")).decode().partition(":")
    assert (user, secret) == (env.client_id, env.client_secret)
    assert all(r.headers["authorization"].startswith("Bearer ") for r in sent if r not in fetched)


async def test_client_credentials_with_scope_and_audience(kind: str, env: Any) -> None:
    sent: list[httpx.Request] = []
    reader = make_client(kind, env.base_url, client_credentials=credentials(env, scope="read:transparency", audience="https://api.sunlight.test"), requests=sent)
    admin = make_client(kind, env.base_url, client_credentials=credentials(env, scope="admin:metrics"))
    try:
        await call(reader.transparency.list_jurisdictions(limit=1))
        with pytest.raises(ScopeError) as caught:
            await call(reader.foia.list())
        assert caught.value.provided_scopes == ["read:transparency"]
        assert parse_qs(token_requests(sent, env)[0].content.decode()) == {
            "grant_type": ["client_credentials"], "scope": ["read:transparency"], "audience": ["https://api.sunlight.test"],
        }
        # Administrators' scopes are granted only when asked for.
        assert (await call(admin.admin.metrics("hour")))["period"] == "hour"
    finally:
        await close_client(reader)
        await close_client(admin)


async def test_client_credentials_refresh_before_expiry(kind: str, env: Any) -> None:
    sent: list[httpx.Request] = []
    # The provider's tokens live 3600 s; a margin of 3599 s makes one stale after a second.
    client = make_client(kind, env.base_url, client_credentials=credentials(env, refresh_margin=3599), requests=sent)
    try:
        await call(client.transparency.list_jurisdictions(limit=1))
        await call(client.transparency.list_jurisdictions(limit=1))
        assert len(token_requests(sent, env)) == 1
        time.sleep(1.2)
        await call(client.transparency.list_jurisdictions(limit=1))
        assert len(token_requests(sent, env)) == 2
    finally:
        await close_client(client)
    bearers = [r.headers["authorization"] for r in sent if r.url.path.endswith("/jurisdictions")]
    assert bearers[0] == bearers[1] != bearers[2]  # the refreshed token is a new one


async def test_client_credentials_refetch_once_on_401(kind: str, env: Any) -> None:
    sent: list[httpx.Request] = []
    client = make_client(kind, env.base_url, client_credentials=credentials(env), requests=sent)
    try:
        await call(client.transparency.list_jurisdictions(limit=1))
        # The cached token stops working (revoked, or signed with a rotated key): the API answers 401.
        client._auth._cached.token = "revoked-token"
        page = await call(client.foia.list(limit=1))
        assert "data" in page
    finally:
        await close_client(client)
    assert len(token_requests(sent, env)) == 2
    api = [r for r in sent if r not in token_requests(sent, env)]
    assert [r.headers["authorization"] == "Bearer revoked-token" for r in api] == [False, True, False]


async def test_wrong_client_secret_is_a_token_request_error(kind: str, env: Any) -> None:
    client = make_client(kind, env.base_url, client_credentials=ClientCredentials(env.token_url, env.client_id, "wrong-secret"))
    try:
        with pytest.raises(TokenRequestError) as caught:
            await call(client.transparency.list_jurisdictions())
    finally:
        await close_client(client)
    assert isinstance(caught.value, AuthError) and caught.value.status == 401 and caught.value.code == "invalid_client"


async def test_a_token_callable_is_asked_for_every_request(kind: str, env: Any) -> None:
    calls: list[int] = []

    def token() -> str:
        calls.append(1)
        return env.token_all

    async def atoken() -> str:
        return token()

    client = make_client(kind, env.base_url, token=token if kind == "sync" else atoken)
    try:
        await call(client.transparency.get_jurisdiction("texas"))
        await call(client.foia.list(limit=1))
    finally:
        await close_client(client)
    assert len(calls) == 2


def test_token_and_client_credentials_are_exclusive(env: Any) -> None:
    from sunlight_sdk import SunlightClient

    with pytest.raises(ValueError):
        SunlightClient(env.base_url, token="t", client_credentials=credentials(env))
