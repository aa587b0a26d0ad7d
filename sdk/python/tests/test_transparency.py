"""The law database (``client.transparency``) over the seeded data: federal, Texas, Washington, Alabama."""

from __future__ import annotations

from typing import Any

import pytest

from sunlight_sdk import NotFoundError, ValidationError

from conftest import call, collect

SEEDED = ["alabama", "federal", "texas", "washington"]


async def test_deadline_for_texas(client: Any) -> None:
    texas = await call(client.transparency.get_jurisdiction("texas"))
    assert texas["slug"] == "texas" and texas["type"] == "state"
    assert texas["initial_deadline"] == {"days": 10, "unit": "business", "no_fixed_deadline": False, "reason": None}
    assert texas["law"] and texas["law"]["citation"]
    assert all(fact["jurisdiction"] == "texas" for fact in texas["facts"])


async def test_jurisdictions_page_and_iterator(client: Any) -> None:
    page = await call(client.transparency.list_jurisdictions(limit=2))
    assert [j["slug"] for j in page["data"]] == SEEDED[:2]
    assert page["total"] == 4 and isinstance(page["next_cursor"], str)
    rest = await call(client.transparency.list_jurisdictions(limit=2, cursor=page["next_cursor"]))
    assert [j["slug"] for j in rest["data"]] == SEEDED[2:] and rest["next_cursor"] is None

    everything = await collect(client.transparency.iter_jurisdictions(limit=1))
    assert [j["slug"] for j in everything] == SEEDED

    federal = await call(client.transparency.list_jurisdictions(type="federal"))
    assert [j["slug"] for j in federal["data"]] == ["federal"]
    fixed = await call(client.transparency.list_jurisdictions(no_fixed_deadline=False, deadline_unit="business"))
    assert "alabama" not in [j["slug"] for j in fixed["data"]] and fixed["total"] >= 2
    named = await collect(client.transparency.iter_jurisdictions(q="wash"))
    assert [j["slug"] for j in named] == ["washington"]


async def test_unknown_jurisdiction_is_not_found(client: Any) -> None:
    with pytest.raises(NotFoundError) as caught:
        await call(client.transparency.get_jurisdiction("atlantis"))
    assert caught.value.status == 404 and caught.value.code == "NOT_FOUND" and caught.value.request_id


async def test_facts(client: Any) -> None:
    facts = await call(client.transparency.facts("texas"))
    assert facts["total"] == len(facts["data"]) > 0 and facts["next_cursor"] is None
    assert {f["jurisdiction"] for f in facts["data"]} == {"texas"}
    one_field = await call(client.transparency.facts("texas", field="initial_response"))
    assert one_field["data"] and {f["field"] for f in one_field["data"]} == {"initial_response"}
    by_kind = await call(client.transparency.facts("texas", field=["initial_response", "fee_waiver"], source_kind=["statute_text", "dataset", "summary", "citation_only"]))
    assert {f["field"] for f in by_kind["data"]} <= {"initial_response", "fee_waiver"}


async def test_rights(client: Any) -> None:
    page = await call(client.transparency.list_rights(jurisdiction=["texas", "federal"], limit=2))
    assert len(page["data"]) == 2 and page["next_cursor"]
    every = await collect(client.transparency.iter_rights(jurisdiction=["texas", "federal"], limit=2))
    assert len(every) == page["total"] > 2
    assert {r["jurisdiction"] for r in every} == {"texas", "federal"}
    assert len({r["id"] for r in every}) == len(every)
    right = await call(client.transparency.get_right(every[0]["id"]))
    assert right["id"] == every[0]["id"] and right["title"] == every[0]["title"]
    searched = await call(client.transparency.list_rights(q="records", category="inspection"))
    assert all(r["category"] == "inspection" for r in searched["data"])


async def test_exemptions(client: Any) -> None:
    page = await call(client.transparency.list_exemptions(limit=3))
    every = await collect(client.transparency.iter_exemptions(limit=3))
    assert len(every) == page["total"] > 3
    exemption = await call(client.transparency.get_exemption(every[-1]["id"]))
    assert exemption["id"] == every[-1]["id"] and isinstance(exemption["related_exemptions"], list)
    texas = await call(client.transparency.list_exemptions(jurisdiction="texas"))
    assert texas["data"] and {e["jurisdiction"] for e in texas["data"]} == {"texas"}
    with pytest.raises(NotFoundError):
        await call(client.transparency.get_exemption("texas:exemption:none"))


async def test_exemption_categories(client: Any) -> None:
    page = await call(client.transparency.exemption_categories(limit=2))
    assert len(page["data"]) == 2 and page["next_cursor"]
    every = await collect(client.transparency.iter_exemption_categories(limit=2))
    assert len(every) == page["total"]
    assert len({c["key"] for c in every}) == len(every) and all(c["exemption_count"] >= 0 for c in every)
    federal = await call(client.transparency.exemption_categories(jurisdiction=["federal"]))
    assert federal["total"] <= page["total"]


async def test_statutes_and_sections(client: Any) -> None:
    page = await call(client.transparency.statutes(jurisdiction="texas", limit=2))
    assert page["jurisdiction"] == "texas" and len(page["data"]) == 2 and page["next_cursor"]
    every = await collect(client.transparency.iter_statutes(jurisdiction="texas", limit=2))
    assert len(every) == page["total"] and all(n["jurisdiction"] == "texas" for n in every)

    cited = await call(client.transparency.statutes(citation="Tex. Gov't Code § 552.221"))
    assert cited["resolved"] and cited["resolved"]["section_id"] == "sec:texas:552.221" and cited["jurisdiction_detected"]

    # Ids carry ":", "(" and ")": the SDK percent-encodes path parameters.
    section = await call(client.transparency.section("sec:texas:552.221(d)"))
    assert section["label"] == "552.221(d)" and section["parent"] and section["parent"]["id"] == "sec:texas:552.221"
    assert "ten business days" in section["text"]
    with pytest.raises(NotFoundError):
        await call(client.transparency.section("sec:texas:999"))


async def test_compare(client: Any) -> None:
    table = await call(client.transparency.compare("initial_deadline", jurisdiction=["texas", "washington"]))
    assert table["field"] == "initial_deadline"
    assert {row["jurisdiction"]: row["display"] for row in table["data"]} == {"texas": "10 business days", "washington": "5 business days"}
    everywhere = await call(client.transparency.compare("residency_required"))
    assert everywhere["total"] == 4
    with pytest.raises(ValidationError) as caught:
        await call(client.transparency.compare("nonsense"))  # type: ignore[arg-type]
    assert caught.value.issues and caught.value.issues[0]["path"] == "query.field"
