"""Hybrid legal search (``client.search``) and records by id (``client.documents``)."""

from __future__ import annotations

from typing import Any

import pytest

from sunlight_sdk import NotFoundError, ValidationError

from conftest import call, collect


async def test_search_pages_and_iterator(client: Any) -> None:
    first = await call(client.search("public records request", limit=1))
    assert len(first["data"]) == 1 and first["total"] > 1 and first["next_cursor"]
    assert first["interpreted"]["mode"] == "hybrid"
    hits = await collect(client.iter_search("public records request", limit=1))
    assert len(hits) == first["total"] and len({h["id"] for h in hits}) == len(hits)
    assert hits[0]["id"] == first["data"][0]["id"]


async def test_search_filters(client: Any) -> None:
    page = await call(client.search("deadline to respond", jurisdictions="washington", types=["statute_section", "right"], mode="keyword", limit=50))
    assert page["data"] and {h["jurisdiction"] for h in page["data"]} == {"washington"}
    assert {h["type"] for h in page["data"]} <= {"statute_section", "right"}
    assert page["interpreted"] == {**page["interpreted"], "mode": "keyword", "jurisdictions": ["washington"], "jurisdictions_from": "filter"}
    cited = await call(client.search("§ 552.301"))
    assert any(c["section_id"].startswith("sec:texas:552.301") for c in cited["interpreted"]["citations"])
    with pytest.raises(ValidationError):
        await call(client.search("x", jurisdictions=["atlantis"]))


async def test_documents_of_each_type(client: Any) -> None:
    section = await call(client.documents.get("sec:texas:552.221(d)"))
    assert section["type"] == "statute_section" and section["jurisdiction"] == "texas"
    assert "ten business days" in section["text"]
    rights = await call(client.transparency.list_rights(jurisdiction="federal", limit=1))
    right = await call(client.documents.get(rights["data"][0]["id"]))
    assert right["type"] == "right" and right["metadata"]["category"] == rights["data"][0]["category"]
    exemptions = await call(client.transparency.list_exemptions(jurisdiction="federal", limit=1))
    exemption = await call(client.documents.get(exemptions["data"][0]["id"]))
    assert exemption["type"] == "exemption" and isinstance(exemption["metadata"]["related_exemptions"], list)
    hits = await call(client.search("fees waived", limit=3))
    for hit in hits["data"]:
        record = await call(client.documents.get(hit["id"]))
        assert record["id"] == hit["id"] and record["jurisdiction"] == hit["jurisdiction"]
    with pytest.raises(NotFoundError):
        await call(client.documents.get("sec:texas:does-not-exist"))
