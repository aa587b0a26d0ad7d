"""The agency directory (``client.foia.agencies``): the caller's own entries created, listed, read
with statistics, changed by merge patch and deleted; another user's entry is not found."""

from __future__ import annotations

import uuid
from typing import Any

import pytest

from sunlight_sdk import NotFoundError, ValidationError
from sunlight_sdk.types import FoiaAgency, FoiaAgencyWithStatistics

from conftest import call, collect


async def test_own_agency_entries(client: Any, stranger: Any) -> None:
    name = f"Invented Records Office {uuid.uuid4().hex[:8]}"
    created: FoiaAgency = await call(client.foia.agencies.create({"name": name, "jurisdiction": "TX", "email": "pir@example.gov", "postal_address": "2 Test St"}))
    assert created["source"] == "user" and created["jurisdiction"] == "texas" and created["kind"] == "records"

    listed = await call(client.foia.agencies.list(jurisdiction="texas", q=name))
    assert [a["id"] for a in listed["data"]] == [created["id"]]
    every = await collect(client.foia.agencies.iter(jurisdiction="Texas", limit=1))
    assert created["id"] in [a["id"] for a in every]

    changed = await call(client.foia.agencies.update(created["id"], {"notes": "Ask for Maria.", "postal_address": None}))
    assert changed["notes"] == "Ask for Maria." and changed["postal_address"] is None and changed["email"] == "pir@example.gov"
    read: FoiaAgencyWithStatistics = await call(client.foia.agencies.get(created["id"]))
    assert read["statistics"]["requests"] == 0 and read["statistics"]["median_days_to_completion"] is None

    with pytest.raises(NotFoundError):
        await call(stranger.foia.agencies.get(created["id"]))
    with pytest.raises(NotFoundError):
        await call(stranger.foia.agencies.update(created["id"], {"notes": "mine now"}))
    with pytest.raises(ValidationError):
        await call(client.foia.agencies.create({"jurisdiction": "texas"}))

    assert await call(client.foia.agencies.delete(created["id"])) is None
    with pytest.raises(NotFoundError):
        await call(client.foia.agencies.get(created["id"]))
