"""The published law database (``client.database``): tables, pages and iteration, streamed CSV and
NDJSON exports, and the admin console's answers and refusals (the every-scope token carries
``admin:database``; the reader's, ``read:transparency`` only, is refused)."""

from __future__ import annotations

import csv
import io
from typing import Any

import pytest

from sunlight_sdk import AsyncTableExport, PermissionDeniedError, SunlightError, ValidationError
from sunlight_sdk.types import DatabaseQueryResult, DatabaseTable

from conftest import call, collect


async def test_tables_rows_and_iteration(client: Any) -> None:
    tables: list[DatabaseTable] = await call(client.database.tables())
    by_name = {t["name"]: t for t in tables}
    assert {"jurisdictions", "statute_sections", "rights", "exemptions", "legal_facts", "holidays"} <= set(by_name)
    assert "foia_requests" not in by_name
    sections = by_name["statute_sections"]
    assert sections["row_count"] > 3
    assert next(c for c in sections["columns"] if c["name"] == "depth")["type"] == "integer"

    page = await call(client.database.rows("statute_sections", columns=["id", "depth"], filters={"depth.gte": 1}, sort="-depth", limit=2))
    assert [c["name"] for c in page["columns"]] == ["id", "depth"]
    assert len(page["data"]) == 2 and all(r["depth"] >= 1 for r in page["data"])
    assert page["next_cursor"] is not None
    every = await collect(client.database.iter_rows("statute_sections", columns=["id"], limit=2))
    assert len(every) == sections["row_count"] and len({r["id"] for r in every}) == len(every)
    with pytest.raises(ValidationError):
        await call(client.database.rows("statute_sections", filters={"secret": "x"}))


async def test_exports_stream_the_whole_table(client: Any) -> None:
    total = (await call(client.database.rows("rights", limit=1)))["total"]
    exp = await call(client.database.export("rights", "csv", columns=["id", "title"]))
    text = await exp.read_text() if isinstance(exp, AsyncTableExport) else exp.read_text()
    assert exp.content_type.startswith("text/csv")
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0] == ["id", "title"] and len(rows) == total + 1
    parsed = await collect(client.database.iter_export("rights", filters={"jurisdiction": "texas"}, columns=["jurisdiction"]))
    assert parsed and all(r == {"jurisdiction": "texas"} for r in parsed)


async def test_query_and_status(client: Any, reader: Any) -> None:
    result: DatabaseQueryResult = await call(client.database.query("SELECT jurisdiction, count(*) AS n FROM rights GROUP BY 1 ORDER BY 1"))
    assert result["columns"] == [{"name": "jurisdiction", "type": "text"}, {"name": "n", "type": "bigint"}]
    assert result["truncated"] is False and result["row_count"] == len(result["rows"]) > 0
    with pytest.raises(SunlightError) as refused:
        await call(client.database.query("DELETE FROM rights"))
    assert refused.value.status == 403 and refused.value.code == "QUERY_REFUSED"
    with pytest.raises(SunlightError) as private:
        await call(client.database.query("SELECT * FROM public.user_profiles"))
    assert private.value.code == "QUERY_REFUSED" and "permission denied" in str(private.value)
    status = await call(client.database.status())
    assert status["migrations"]["pending"] == []
    with pytest.raises(PermissionDeniedError):
        await call(reader.database.query("SELECT 1"))
    with pytest.raises(PermissionDeniedError):
        await call(reader.database.tables())
