"""The published law database (``/api/database``), for the sync and the async client.

``read:database``: ``tables``, ``rows`` (one page), ``iter_rows`` (every row, page after page),
``export`` (a whole table as CSV or NDJSON, streamed) and ``iter_export`` (its rows, parsed).
``admin:database``: ``query`` (one read-only SQL query over the published views) and ``status``.

Filters map a column, or ``"column.op"`` (op: eq, ne, gt, gte, lt, lte, contains, null), to a
value: ``{"jurisdiction": "texas", "date.gte": "2026-01-01", "name.contains": "day"}``. A query
the console refuses raises :class:`SunlightError` with ``code`` ``QUERY_INVALID`` (400),
``QUERY_REFUSED`` (403) or ``QUERY_TIMEOUT`` (422) and Postgres's message."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Iterator, Mapping, Sequence
from types import TracebackType
from typing import TYPE_CHECKING, Any, Literal, Union

import httpx

from ._base import QueryValue, apaginate, paginate, path_segment
from ._generated import DatabaseQueryResult, DatabaseRowPage, DatabaseStatus, DatabaseTable

if TYPE_CHECKING:
    from ._async_client import AsyncSunlightClient
    from ._client import SunlightClient

__all__ = ["Database", "AsyncDatabase", "TableExport", "AsyncTableExport", "ExportFormat"]

ExportFormat = Literal["csv", "ndjson"]
FilterValue = Union[str, int, float, bool]

_RESERVED = frozenset({"columns", "sort", "cursor", "limit", "format"})


def _rows_path(table: str) -> str:
    return f"/api/database/tables/{path_segment(table)}/rows"


def _params(
    format: str,
    columns: Sequence[str] | None,
    filters: Mapping[str, FilterValue] | None,
    sort: str | None,
    cursor: str | None,
    limit: int | None,
) -> dict[str, QueryValue]:
    params: dict[str, QueryValue] = {}
    for key, value in (filters or {}).items():
        if key in _RESERVED:
            raise ValueError(f'filter on a column named {key} with "{key}.eq"')
        params[key] = value
    params.update(columns=",".join(columns) if columns else None, sort=sort, cursor=cursor, limit=limit, format=format)
    return params


def _accept(format: ExportFormat) -> str:
    return "text/csv" if format == "csv" else "application/x-ndjson"


class TableExport:
    """A streamed export: ``iter_lines`` as rows arrive, or ``read_text`` whole. Use it as a
    context manager (or read it to the end) so the connection is released."""

    def __init__(self, response: httpx.Response) -> None:
        self._response = response
        self.content_type = response.headers.get("content-type")

    def iter_lines(self) -> Iterator[str]:
        try:
            for line in self._response.iter_lines():
                yield line.rstrip("\r")
        finally:
            self._response.close()

    def read_text(self) -> str:
        try:
            return self._response.read().decode("utf-8")
        finally:
            self._response.close()

    def close(self) -> None:
        self._response.close()

    def __enter__(self) -> TableExport:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        self.close()


class AsyncTableExport:
    """The async client's streamed export (``async with``; ``aiter_lines`` or ``read_text``)."""

    def __init__(self, response: httpx.Response) -> None:
        self._response = response
        self.content_type = response.headers.get("content-type")

    async def aiter_lines(self) -> AsyncIterator[str]:
        try:
            async for line in self._response.aiter_lines():
                yield line.rstrip("\r")
        finally:
            await self._response.aclose()

    async def read_text(self) -> str:
        try:
            return (await self._response.aread()).decode("utf-8")
        finally:
            await self._response.aclose()

    async def aclose(self) -> None:
        await self._response.aclose()

    async def __aenter__(self) -> AsyncTableExport:
        return self

    async def __aexit__(self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        await self.aclose()


class Database:
    """``client.database``: the published law database."""

    def __init__(self, client: SunlightClient) -> None:
        self._c = client

    def tables(self) -> list[DatabaseTable]:
        """The published tables with descriptions, typed columns and row counts (``read:database``)."""
        return self._c._json("GET", "/api/database/tables")["data"]  # type: ignore[no-any-return]

    def rows(
        self,
        table: str,
        *,
        columns: Sequence[str] | None = None,
        filters: Mapping[str, FilterValue] | None = None,
        sort: str | None = None,
        cursor: str | None = None,
        limit: int | None = None,
    ) -> DatabaseRowPage:
        """One page of a table's rows (``limit`` default 100, at most 1000) with ``next_cursor``; ``sort="-date"`` for descending."""
        return self._c._json("GET", _rows_path(table), params=_params("json", columns, filters, sort, cursor, limit))  # type: ignore[no-any-return]

    def iter_rows(
        self, table: str, *, columns: Sequence[str] | None = None, filters: Mapping[str, FilterValue] | None = None, sort: str | None = None, limit: int | None = None
    ) -> Iterator[dict[str, Any]]:
        """Every matching row, page after page."""
        return paginate(lambda c: self.rows(table, columns=columns, filters=filters, sort=sort, cursor=c, limit=limit))

    def export(
        self,
        table: str,
        format: ExportFormat = "csv",
        *,
        columns: Sequence[str] | None = None,
        filters: Mapping[str, FilterValue] | None = None,
        sort: str | None = None,
        limit: int | None = None,
    ) -> TableExport:
        """The whole table (filtered, sorted, up to ``limit``) as CSV or NDJSON, streamed in one answer."""
        params = _params(format, columns, filters, sort, None, limit)
        return TableExport(self._c._send("GET", _rows_path(table), params=params, headers={"Accept": _accept(format)}, stream=True))

    def iter_export(
        self, table: str, *, columns: Sequence[str] | None = None, filters: Mapping[str, FilterValue] | None = None, sort: str | None = None, limit: int | None = None
    ) -> Iterator[dict[str, Any]]:
        """Every matching row of an NDJSON export, parsed, as it streams in."""
        with self.export(table, "ndjson", columns=columns, filters=filters, sort=sort, limit=limit) as exp:
            for line in exp.iter_lines():
                if line:
                    yield json.loads(line)

    def query(self, sql: str) -> DatabaseQueryResult:
        """Runs one read-only SQL query over the published views (``admin:database``): typed columns, rows as lists."""
        return self._c._json("POST", "/api/database/query", json={"sql": sql})  # type: ignore[no-any-return]

    def status(self) -> DatabaseStatus:
        """Migrations applied and pending, table sizes, recent ingestion runs (``admin:database``)."""
        return self._c._json("GET", "/api/database/status")  # type: ignore[no-any-return]


class AsyncDatabase:
    """``client.database`` of the async client (see :class:`Database`)."""

    def __init__(self, client: AsyncSunlightClient) -> None:
        self._c = client

    async def tables(self) -> list[DatabaseTable]:
        return (await self._c._json("GET", "/api/database/tables"))["data"]  # type: ignore[no-any-return]

    async def rows(
        self,
        table: str,
        *,
        columns: Sequence[str] | None = None,
        filters: Mapping[str, FilterValue] | None = None,
        sort: str | None = None,
        cursor: str | None = None,
        limit: int | None = None,
    ) -> DatabaseRowPage:
        return await self._c._json("GET", _rows_path(table), params=_params("json", columns, filters, sort, cursor, limit))  # type: ignore[no-any-return]

    def iter_rows(
        self, table: str, *, columns: Sequence[str] | None = None, filters: Mapping[str, FilterValue] | None = None, sort: str | None = None, limit: int | None = None
    ) -> AsyncIterator[dict[str, Any]]:
        return apaginate(lambda c: self.rows(table, columns=columns, filters=filters, sort=sort, cursor=c, limit=limit))

    async def export(
        self,
        table: str,
        format: ExportFormat = "csv",
        *,
        columns: Sequence[str] | None = None,
        filters: Mapping[str, FilterValue] | None = None,
        sort: str | None = None,
        limit: int | None = None,
    ) -> AsyncTableExport:
        params = _params(format, columns, filters, sort, None, limit)
        return AsyncTableExport(await self._c._send("GET", _rows_path(table), params=params, headers={"Accept": _accept(format)}, stream=True))

    async def iter_export(
        self, table: str, *, columns: Sequence[str] | None = None, filters: Mapping[str, FilterValue] | None = None, sort: str | None = None, limit: int | None = None
    ) -> AsyncIterator[dict[str, Any]]:
        async with await self.export(table, "ndjson", columns=columns, filters=filters, sort=sort, limit=limit) as exp:
            async for line in exp.aiter_lines():
                if line:
                    yield json.loads(line)

    async def query(self, sql: str) -> DatabaseQueryResult:
        return await self._c._json("POST", "/api/database/query", json={"sql": sql})  # type: ignore[no-any-return]

    async def status(self) -> DatabaseStatus:
        return await self._c._json("GET", "/api/database/status")  # type: ignore[no-any-return]
