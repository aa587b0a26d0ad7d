"""Health, the API description, admin metrics, and what the client sends."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import pytest

from sunlight_sdk import USER_AGENT, AsyncSunlightClient, NotFoundError, SunlightClient

from conftest import call, close_client, make_client

SPEC = Path(__file__).resolve().parents[2] / "openapi.json"


async def test_health(client: Any) -> None:
    health = await call(client.health())
    assert health["status"] == "ok" and {"postgres", "redis", "temporal"} <= set(health["checks"])
    assert all(check["status"] == "up" for check in health["checks"].values())
    assert (await call(client.health_live()))["status"] == "alive"
    ready = await call(client.health_ready())
    assert ready["status"] == "ready" and ready["reasons"] == [] and ready["law_database"]["jurisdictions"] == 4


async def test_openapi_document_matches_the_committed_one(client: Any) -> None:
    served = await call(client.openapi())
    assert served["openapi"] == "3.1.0"
    committed = json.loads(SPEC.read_text(encoding="utf-8"))

    def operations(doc: Any) -> set[tuple[str, str, str]]:
        return {(m, p, op["operationId"]) for p, item in doc["paths"].items() for m, op in item.items()}

    assert operations(served) == operations(committed), (
        "sdk/openapi.json differs from the running API: run `npx tsx scripts/export-openapi.ts`, "
        "then `python sdk/python/scripts/generate_types.py`"
    )


async def test_admin_metrics(client: Any) -> None:
    await call(client.transparency.get_jurisdiction("texas"))
    metrics = await call(client.admin.metrics("hour"))
    assert metrics["period"] == "hour" and metrics["requests_total"] >= 1
    assert any("/api/v2/transparency/jurisdictions/{slug}" in key for key in metrics["requests_by_endpoint"])
    day = await call(client.admin.metrics())
    assert day["period"] == "day"
    text = await call(client.admin.prometheus())
    assert "# HELP" in text and "# TYPE" in text


async def test_headers_sent(kind: str, env: Any) -> None:
    sent: list[httpx.Request] = []
    client = make_client(kind, env.base_url, token=env.token_all, requests=sent, headers={"X-Request-Id": "sdk-test-1"})
    try:
        created = await call(client.foia.create({"jurisdiction": "texas", "agency": {"name": "Agency"}, "subject": "S", "description": "D"}))
        await call(client.foia.update(created.id, {"notes": "n"}, if_match=created.etag))
        await call(client.transparency.compare("initial_deadline", jurisdiction=["texas", "federal"]))
    finally:
        await close_client(client)
    create, patch, compare = sent
    for request in sent:
        assert request.headers["user-agent"] == USER_AGENT
        assert request.headers["authorization"] == f"Bearer {env.token_all}"
        assert request.headers["x-request-id"] == "sdk-test-1"
    assert create.headers["content-type"] == "application/json"
    assert patch.method == "PATCH" and patch.headers["content-type"] == "application/merge-patch+json"
    assert patch.headers["if-match"] == 'W/"1"'
    assert compare.url.params.get_list("jurisdiction") == ["texas", "federal"]


async def test_clients_own_http_client(env: Any) -> None:
    # Without http_client the SDK makes (and closes) its own, with the User-Agent as a default header.
    with SunlightClient(env.base_url + "/", token=env.token_all) as client:
        with pytest.raises(NotFoundError) as caught:
            client.transparency.get_jurisdiction("atlantis")
        assert caught.value.response is not None
        assert caught.value.response.request.headers["user-agent"] == USER_AGENT
        with client.chat.stream("How long does a Texas agency have to respond?") as stream:
            assert "10 business days" in stream.text()
    assert client._http.is_closed
    async with AsyncSunlightClient(env.base_url, token=env.token_all) as aclient:
        assert (await aclient.transparency.get_jurisdiction("texas"))["slug"] == "texas"
        async with aclient.chat.stream("How long does a Texas agency have to respond?") as astream:
            assert "10 business days" in await astream.text()
    assert aclient._http.is_closed


def test_base_url_must_be_http(env: Any) -> None:
    with pytest.raises(ValueError):
        SunlightClient("api.example.org", token="t")
    _ = env
