"""The asynchronous client, on ``httpx.AsyncClient``."""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import AsyncGenerator, AsyncIterator, Awaitable, Callable, Generator, Mapping, Sequence
from types import TracebackType
from typing import Any, Literal, overload

import httpx

from ._auth import AsyncAuth, AsyncTokenSource, ClientCredentials
from ._base import (
    DEFAULT_RETRIES,
    DEFAULT_TIMEOUT,
    QueryValue,
    RetryPolicy,
    apaginate,
    as_list,
    default_headers,
    encode_query,
    idempotency_headers,
    normalise_base_url,
    path_segment,
    to_timeout,
)
from ._generated import (
    AdminMetrics,
    AppealDraft,
    ChatAnswer,
    ChatMode,
    CompareField,
    Comparison,
    Conversation,
    ConversationPage,
    ConversationSummary,
    DeadlineUnit,
    Exemption,
    ExemptionCategory,
    ExemptionCategoryPage,
    ExemptionPage,
    ExemptionSummary,
    FactField,
    FactPage,
    FoiaCommunication,
    FoiaPreview,
    FoiaRequest,
    FoiaRequestCreate,
    FoiaRequestPage,
    FoiaRequestPatch,
    FoiaRequestSummary,
    FoiaSort,
    FoiaStatus,
    GetApiFoiaRemindersResponse,
    GetApiFoiaRemindersResponseItem,
    GetApiFoiaRequestsIdRemindersResponse,
    GetApiFoiaRequestsIdRemindersResponseItem,
    GetApiFoiaRequestsIdRemindersResponseItemKind,
    HealthReport,
    Jurisdiction,
    JurisdictionPage,
    JurisdictionSummary,
    JurisdictionType,
    LetterKind,
    LivenessReport,
    MetricsPeriod,
    OpenApiDocument,
    ReadinessReport,
    RecordType,
    Right,
    RightCategory,
    RightPage,
    RightSummary,
    SearchHit,
    SearchMode,
    SearchPage,
    Section,
    SourceKind,
    StatuteNode,
    StatutePage,
)
from ._shared import FoiaRequestWithETag, appeal_draft_body, chat_body, search_body, send_body
from .errors import (
    PreconditionFailedError,
    SunlightConnectionError,
    SunlightTimeoutError,
    error_from_response,
)
from ._agencies import AsyncFoiaAgencies
from ._attachments import AsyncFoiaAttachments
from ._calendar import AsyncFoiaCalendar
from ._communications import AsyncFoiaCommunications
from ._documents import AsyncDocuments
from ._integrations import AsyncIntegrations
from ._me import AsyncMe
from ._projects import AsyncProjects
from ._vectors import AsyncVectors
from ._database import AsyncDatabase
from ._notifications import AsyncFoiaNotifications
from ._storage import AsyncStorage
from .events import ChatEvent, DoneEvent, ErrorEvent, SseDecoder, to_chat_event

__all__ = ["AsyncSunlightClient", "AsyncChatStream"]

class AsyncSunlightClient:
    """The Sunlight API, asynchronously: the same methods as :class:`SunlightClient`, awaited.

    >>> async with AsyncSunlightClient("https://sunlight.example", token="eyJ…") as client:
    ...     texas = await client.transparency.get_jurisdiction("texas")

    Authentication: ``token`` (a string, or a callable returning one, or an awaitable of one, for
    each request) or ``client_credentials`` (fetched, cached and refreshed by the client); neither
    for the public routes only. ``timeout`` is in seconds (or an ``httpx.Timeout``). Idempotent
    requests (GET, HEAD, PUT, DELETE) answered 429 or 503 are retried ``retries`` times, after
    ``Retry-After`` or an exponential backoff. ``http_client`` lets you bring your own
    ``httpx.AsyncClient`` (proxies, event hooks); it is not closed by :meth:`aclose`.
    """

    def __init__(
        self,
        base_url: str,
        *,
        token: AsyncTokenSource | None = None,
        client_credentials: ClientCredentials | None = None,
        timeout: float | httpx.Timeout | None = DEFAULT_TIMEOUT,
        retries: int = DEFAULT_RETRIES,
        retry_policy: RetryPolicy | None = None,
        headers: Mapping[str, str] | None = None,
        http_client: httpx.AsyncClient | None = None,
    ) -> None:
        self.base_url = normalise_base_url(base_url)
        self._auth = AsyncAuth(token, client_credentials)
        self._timeout = to_timeout(timeout)
        self.retry_policy = retry_policy or RetryPolicy(retries=retries)
        self._headers = default_headers(headers)
        self._owns_http = http_client is None
        self._http = http_client or httpx.AsyncClient(timeout=self._timeout, headers=self._headers)
        self.transparency = AsyncTransparency(self)
        self.documents = AsyncDocuments(self)
        self.foia = AsyncFoia(self)
        self.chat = AsyncChat(self)
        self.admin = AsyncAdmin(self)
        self.storage = AsyncStorage(self)
        self.integrations = AsyncIntegrations(self)
        #: The caller's own settings: ``me.profile.get``, ``me.profile.update``.
        self.me = AsyncMe(self)
        self.projects = AsyncProjects(self)
        self.vectors = AsyncVectors(self)
        #: The published law database: ``tables``, ``rows``, ``iter_rows``, ``export`` (``read:database``); ``query``, ``status`` (``admin:database``).
        self.database = AsyncDatabase(self)

    # -- lifecycle ---------------------------------------------------------------------------

    async def aclose(self) -> None:
        if self._owns_http:
            await self._http.aclose()

    async def __aenter__(self) -> AsyncSunlightClient:
        return self

    async def __aexit__(self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        await self.aclose()

    # -- transport ---------------------------------------------------------------------------

    async def _send(
        self,
        method: str,
        path: str,
        *,
        params: Mapping[str, QueryValue] | None = None,
        json: Any = None,
        content_type: str | None = None,
        headers: Mapping[str, str] | None = None,
        stream: bool = False,
        ok_statuses: frozenset[int] = frozenset(),
        content: Any = None,
        auth: bool = True,
    ) -> httpx.Response:
        """Sends one API request with authentication, retries and typed errors. ``content`` is a raw
        body (object uploads): bytes are re-sent on a retry, an iterator is sent once, never retried.
        ``auth=False`` sends no bearer token (routes authorised otherwise, e.g. the calendar feed)."""
        replayable = content is None or isinstance(content, (bytes, str))
        attempt = 0
        reauthorised = False
        while True:
            token = await self._auth.token(self._http, self._timeout) if auth else None
            request = self._http.build_request(
                method,
                self.base_url + path,
                params=encode_query(params or {}),
                json=json,
                content=content,
                headers=self._request_headers(token, content_type, headers),
                timeout=self._timeout,
            )
            try:
                response = await self._http.send(request, stream=stream)
            except httpx.TimeoutException as err:
                raise SunlightTimeoutError(f"{method} {path} timed out: {err}") from err
            except httpx.TransportError as err:
                raise SunlightConnectionError(f"{method} {path} failed: {err}") from err
            status = response.status_code
            if status == 401 and auth and self._auth.refreshable and not reauthorised and replayable:
                await response.aclose()
                self._auth.invalidate(token)
                reauthorised = True
                continue
            delay = None if status in ok_statuses or not replayable else self.retry_policy.delay(method, response, attempt)
            if delay is not None:
                await response.aclose()
                await asyncio.sleep(delay)
                attempt += 1
                continue
            if status >= 400 and status not in ok_statuses:
                try:
                    await response.aread()
                finally:
                    await response.aclose()
                raise error_from_response(response)
            return response

    def _request_headers(self, token: str | None, content_type: str | None, extra: Mapping[str, str] | None) -> dict[str, str]:
        headers = dict(self._headers) if not self._owns_http else {}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        if content_type:
            headers["Content-Type"] = content_type
        headers.update(extra or {})
        return headers

    async def _json(self, method: str, path: str, **kwargs: Any) -> Any:
        return (await self._send(method, path, **kwargs)).json()

    async def request(
        self,
        method: str,
        path: str,
        *,
        params: Mapping[str, QueryValue] | None = None,
        json: Any = None,
        headers: Mapping[str, str] | None = None,
    ) -> Any:
        """Any route, for what the typed methods do not cover: the parsed JSON body (text otherwise)."""
        response = await self._send(method.upper(), "/" + path.lstrip("/"), params=params, json=json, headers=headers)
        return response.json() if "json" in response.headers.get("content-type", "") else response.text

    # -- system ------------------------------------------------------------------------------

    async def health(self) -> HealthReport:
        """``GET /api/health``: each dependency's status and latency (also when one is down, without raising)."""
        return await self._json("GET", "/api/health", ok_statuses=frozenset({503}))  # type: ignore[no-any-return]

    async def health_live(self) -> LivenessReport:
        """``GET /api/health/live``: the process answers."""
        return await self._json("GET", "/api/health/live")  # type: ignore[no-any-return]

    async def health_ready(self) -> ReadinessReport:
        """``GET /api/health/ready``: ready for traffic, or not with the reasons (without raising)."""
        return await self._json("GET", "/api/health/ready", ok_statuses=frozenset({503}))  # type: ignore[no-any-return]

    async def openapi(self) -> OpenApiDocument:
        """``GET /api/openapi.json``: the API's OpenAPI 3.1 document."""
        return await self._json("GET", "/api/openapi.json")  # type: ignore[no-any-return]

    # -- search ------------------------------------------------------------------------------

    async def search(
        self,
        query: str,
        *,
        jurisdictions: str | Sequence[str] | None = None,
        types: Sequence[RecordType] | None = None,
        categories: Sequence[str] | None = None,
        mode: SearchMode | None = None,
        limit: int | None = None,
        cursor: str | None = None,
        collections: Sequence[str] | None = None,
    ) -> SearchPage:
        """``POST /api/v1/search``: one page of hybrid legal search hits.

        ``collections`` (ids of your own collections; needs ``read:vectors``) adds their best items
        as ``collection_hits`` on the first page, each with ``source.collection_id`` and ``item_id``.
        """
        body = search_body(query, jurisdictions, types, categories, mode, limit, cursor, collections)
        return await self._json("POST", "/api/v1/search", json=body)  # type: ignore[no-any-return]

    def iter_search(
        self,
        query: str,
        *,
        jurisdictions: str | Sequence[str] | None = None,
        types: Sequence[RecordType] | None = None,
        categories: Sequence[str] | None = None,
        mode: SearchMode | None = None,
        limit: int | None = None,
    ) -> AsyncIterator[SearchHit]:
        """Every hit of a search, page after page."""
        return apaginate(lambda c: self.search(query, jurisdictions=jurisdictions, types=types, categories=categories, mode=mode, limit=limit, cursor=c))


class AsyncTransparency:
    """``/api/v2/transparency``: the public-records law database (scope ``read:transparency``)."""

    def __init__(self, client: AsyncSunlightClient) -> None:
        self._c = client

    async def list_jurisdictions(
        self,
        *,
        type: JurisdictionType | None = None,
        q: str | None = None,
        has_statute_text: bool | None = None,
        deadline_unit: DeadlineUnit | None = None,
        no_fixed_deadline: bool | None = None,
        limit: int | None = None,
        cursor: str | None = None,
    ) -> JurisdictionPage:
        params = dict(type=type, q=q, has_statute_text=has_statute_text, deadline_unit=deadline_unit, no_fixed_deadline=no_fixed_deadline, limit=limit, cursor=cursor)
        return await self._c._json("GET", "/api/v2/transparency/jurisdictions", params=params)  # type: ignore[no-any-return]

    def iter_jurisdictions(
        self,
        *,
        type: JurisdictionType | None = None,
        q: str | None = None,
        has_statute_text: bool | None = None,
        deadline_unit: DeadlineUnit | None = None,
        no_fixed_deadline: bool | None = None,
        limit: int | None = None,
    ) -> AsyncIterator[JurisdictionSummary]:
        return apaginate(lambda c: self.list_jurisdictions(type=type, q=q, has_statute_text=has_statute_text, deadline_unit=deadline_unit, no_fixed_deadline=no_fixed_deadline, limit=limit, cursor=c))

    async def get_jurisdiction(self, slug: str) -> Jurisdiction:
        return await self._c._json("GET", f"/api/v2/transparency/jurisdictions/{path_segment(slug)}")  # type: ignore[no-any-return]

    async def facts(
        self,
        slug: str,
        *,
        field: FactField | Sequence[FactField] | None = None,
        source_kind: SourceKind | Sequence[SourceKind] | None = None,
    ) -> FactPage:
        """The reviewed legal facts of a jurisdiction (one page: the API returns them all)."""
        params = dict(field=as_list(field), source_kind=as_list(source_kind))
        return await self._c._json("GET", f"/api/v2/transparency/jurisdictions/{path_segment(slug)}/facts", params=params)  # type: ignore[no-any-return]

    async def list_rights(
        self,
        *,
        q: str | None = None,
        jurisdiction: str | Sequence[str] | None = None,
        category: RightCategory | Sequence[RightCategory] | None = None,
        limit: int | None = None,
        cursor: str | None = None,
    ) -> RightPage:
        params = dict(q=q, jurisdiction=as_list(jurisdiction), category=as_list(category), limit=limit, cursor=cursor)
        return await self._c._json("GET", "/api/v2/transparency/rights", params=params)  # type: ignore[no-any-return]

    def iter_rights(
        self,
        *,
        q: str | None = None,
        jurisdiction: str | Sequence[str] | None = None,
        category: RightCategory | Sequence[RightCategory] | None = None,
        limit: int | None = None,
    ) -> AsyncIterator[RightSummary]:
        return apaginate(lambda c: self.list_rights(q=q, jurisdiction=jurisdiction, category=category, limit=limit, cursor=c))

    async def get_right(self, id: str) -> Right:
        return await self._c._json("GET", f"/api/v2/transparency/rights/{path_segment(id)}")  # type: ignore[no-any-return]

    async def list_exemptions(
        self,
        *,
        q: str | None = None,
        jurisdiction: str | Sequence[str] | None = None,
        category: str | Sequence[str] | None = None,
        limit: int | None = None,
        cursor: str | None = None,
    ) -> ExemptionPage:
        params = dict(q=q, jurisdiction=as_list(jurisdiction), category=as_list(category), limit=limit, cursor=cursor)
        return await self._c._json("GET", "/api/v2/transparency/exemptions", params=params)  # type: ignore[no-any-return]

    def iter_exemptions(
        self,
        *,
        q: str | None = None,
        jurisdiction: str | Sequence[str] | None = None,
        category: str | Sequence[str] | None = None,
        limit: int | None = None,
    ) -> AsyncIterator[ExemptionSummary]:
        return apaginate(lambda c: self.list_exemptions(q=q, jurisdiction=jurisdiction, category=category, limit=limit, cursor=c))

    async def get_exemption(self, id: str) -> Exemption:
        return await self._c._json("GET", f"/api/v2/transparency/exemptions/{path_segment(id)}")  # type: ignore[no-any-return]

    async def exemption_categories(
        self,
        *,
        jurisdiction: str | Sequence[str] | None = None,
        limit: int | None = None,
        cursor: str | None = None,
    ) -> ExemptionCategoryPage:
        params = dict(jurisdiction=as_list(jurisdiction), limit=limit, cursor=cursor)
        return await self._c._json("GET", "/api/v2/transparency/exemption-categories", params=params)  # type: ignore[no-any-return]

    def iter_exemption_categories(
        self,
        *,
        jurisdiction: str | Sequence[str] | None = None,
        limit: int | None = None,
    ) -> AsyncIterator[ExemptionCategory]:
        return apaginate(lambda c: self.exemption_categories(jurisdiction=jurisdiction, limit=limit, cursor=c))

    async def statutes(
        self,
        *,
        jurisdiction: str | None = None,
        section: str | None = None,
        citation: str | None = None,
        limit: int | None = None,
        cursor: str | None = None,
    ) -> StatutePage:
        """Statute nodes of a jurisdiction, or the one a ``section`` label or ``citation`` names, with its subsections."""
        params = dict(jurisdiction=jurisdiction, section=section, citation=citation, limit=limit, cursor=cursor)
        return await self._c._json("GET", "/api/v2/transparency/statutes", params=params)  # type: ignore[no-any-return]

    def iter_statutes(
        self,
        *,
        jurisdiction: str | None = None,
        section: str | None = None,
        citation: str | None = None,
        limit: int | None = None,
    ) -> AsyncIterator[StatuteNode]:
        return apaginate(lambda c: self.statutes(jurisdiction=jurisdiction, section=section, citation=citation, limit=limit, cursor=c))

    async def section(self, id: str) -> Section:
        """One statute node with its document, parent, children, neighbours and cross-references."""
        return await self._c._json("GET", f"/api/v2/transparency/sections/{path_segment(id)}")  # type: ignore[no-any-return]

    async def compare(self, field: CompareField, *, jurisdiction: str | Sequence[str] | None = None) -> Comparison:
        """One field of the law across jurisdictions (all, or those named)."""
        params = dict(field=field, jurisdiction=as_list(jurisdiction))
        return await self._c._json("GET", "/api/v2/transparency/compare", params=params)  # type: ignore[no-any-return]


class AsyncFoia:
    """``/api/foia/requests``: the caller's FOIA requests (scopes ``read:foia``, ``write:foia``)."""

    def __init__(self, client: AsyncSunlightClient) -> None:
        self._c = client
        #: The requests' attachments: ``list``, ``upload`` (streamed), ``download``, ``delete``.
        self.attachments = AsyncFoiaAttachments(client)
        #: A request's thread of letters, replies and notes: ``list``, ``get``, ``create`` (log one).
        self.communications = AsyncFoiaCommunications(client)
        #: The agency directory and the caller's own entries: ``list``, ``iter``, ``get``, ``create``, ``update``, ``delete``.
        self.agencies = AsyncFoiaAgencies(client)
        #: Deadline reminders and tracker events: ``list``, ``iter``, ``mark_read``, ``mark_all_read``.
        self.notifications = AsyncFoiaNotifications(client)
        #: The due dates as an iCalendar feed: ``rotate_feed_token``, ``revoke_feed_token``, ``feed_url``, ``feed``.
        self.calendar = AsyncFoiaCalendar(client)

    @staticmethod
    def _tagged(response: httpx.Response) -> FoiaRequestWithETag:
        return FoiaRequestWithETag(response.json(), response.headers.get("etag", ""))

    async def create(self, request: FoiaRequestCreate) -> FoiaRequestWithETag:
        """Creates a request (a draft unless ``status`` says submitted); the body and its ETag."""
        return self._tagged(await self._c._send("POST", "/api/foia/requests", json=request))

    async def preview(self, request: FoiaRequestCreate) -> FoiaPreview:
        """What :meth:`create` would compute for ``request``, storing nothing (scope ``read:foia``).

        The due date with its citation and the computation step by step (``deadline.explanation``:
        day 0, the holidays skipped), and the letter (``letter.text``, ``letter.markdown``). A draft
        is counted as though submitted now (``submitted_at_assumed``); create would store no due date.
        """
        return await self._c._json("POST", "/api/foia/requests/preview", json=request)  # type: ignore[no-any-return]

    async def list(
        self,
        *,
        status: FoiaStatus | Sequence[FoiaStatus] | None = None,
        jurisdiction: str | Sequence[str] | None = None,
        overdue: bool | None = None,
        q: str | None = None,
        tag: str | None = None,
        sort: FoiaSort | None = None,
        limit: int | None = None,
        cursor: str | None = None,
    ) -> FoiaRequestPage:
        params = dict(status=as_list(status), jurisdiction=as_list(jurisdiction), overdue=overdue, q=q, tag=tag, sort=sort, limit=limit, cursor=cursor)
        return await self._c._json("GET", "/api/foia/requests", params=params)  # type: ignore[no-any-return]

    def iter(
        self,
        *,
        status: FoiaStatus | Sequence[FoiaStatus] | None = None,
        jurisdiction: str | Sequence[str] | None = None,
        overdue: bool | None = None,
        q: str | None = None,
        tag: str | None = None,
        sort: FoiaSort | None = None,
        limit: int | None = None,
    ) -> AsyncIterator[FoiaRequestSummary]:
        return apaginate(lambda c: self.list(status=status, jurisdiction=jurisdiction, overdue=overdue, q=q, tag=tag, sort=sort, limit=limit, cursor=c))

    async def get(self, id: str) -> FoiaRequestWithETag:
        """The request with its history, and its ETag for :meth:`update`."""
        return self._tagged(await self._c._send("GET", f"/api/foia/requests/{path_segment(id)}"))

    async def update(self, id: str, patch: FoiaRequestPatch, *, if_match: str | None = None) -> FoiaRequestWithETag:
        """A JSON merge patch (``null`` clears a field) and/or a status change.

        With ``if_match`` (the ETag last read) a change made meanwhile raises
        :class:`PreconditionFailedError` instead of being overwritten; a refused status change
        raises :class:`ConflictError` with ``allowed_transitions``.
        """
        headers = {"If-Match": if_match} if if_match else None
        response = await self._c._send("PATCH", f"/api/foia/requests/{path_segment(id)}", json=patch, content_type="application/merge-patch+json", headers=headers)
        return self._tagged(response)

    async def update_with_retry(
        self,
        id: str,
        change: Callable[[FoiaRequest], FoiaRequestPatch | None | Awaitable[FoiaRequestPatch | None]],
        *,
        max_attempts: int = 5,
    ) -> FoiaRequestWithETag:
        """Read, ``change(current)`` → patch, update with If-Match; on 412 read again and repeat.

        ``change`` may be a coroutine function, and may return None for "nothing to change" (the
        current request is returned).
        """
        for attempt in range(1, max_attempts + 1):
            current = await self.get(id)
            outcome = change(current.data)
            patch = await outcome if inspect.isawaitable(outcome) else outcome
            if patch is None:
                return current
            try:
                return await self.update(id, patch, if_match=current.etag)
            except PreconditionFailedError:
                if attempt == max_attempts:
                    raise
        raise AssertionError("unreachable")

    @overload
    async def letter(self, id: str, *, format: Literal["text", "markdown"] = "text") -> str: ...

    @overload
    async def letter(self, id: str, *, format: Literal["pdf"]) -> bytes: ...

    async def letter(self, id: str, *, format: Literal["text", "markdown", "pdf"] = "text") -> str | bytes:
        accept = "application/pdf" if format == "pdf" else "text/plain, text/markdown"
        response = await self._c._send("GET", f"/api/foia/requests/{path_segment(id)}/letter", params={"format": format}, headers={"Accept": accept})
        return response.content if format == "pdf" else response.text

    async def send(
        self,
        id: str,
        kind: LetterKind,
        *,
        to: Sequence[str] | None = None,
        cc: Sequence[str] | None = None,
        idempotency_key: str | None = None,
    ) -> FoiaCommunication:
        body = send_body(kind, to, cc)
        return await self._c._json("POST", f"/api/foia/requests/{path_segment(id)}/send", json=body, headers=idempotency_headers(idempotency_key))  # type: ignore[no-any-return]

    async def appeal_draft(self, id: str, reasons: str, *, exemptions: Sequence[str] | None = None) -> AppealDraft:
        body = appeal_draft_body(reasons, exemptions)
        return await self._c._json("POST", f"/api/foia/requests/{path_segment(id)}/appeal-draft", json=body)  # type: ignore[no-any-return]

    async def reminders(
        self,
        id: str,
        *,
        kind: GetApiFoiaRequestsIdRemindersResponseItemKind | None = None,
        limit: int | None = None,
        cursor: str | None = None,
    ) -> GetApiFoiaRequestsIdRemindersResponse:
        """The request's deadline reminders, newest first, and ``upcoming`` (scope ``read:foia``).

        The reminder job records ``due_soon`` when the due date is near and ``overdue`` once it has
        passed; ``upcoming`` is when the next ``due_soon`` one will be recorded (``on``), or None.
        Someone else's request raises :class:`NotFoundError`.
        """
        params = dict(kind=kind, limit=limit, cursor=cursor)
        return await self._c._json("GET", f"/api/foia/requests/{path_segment(id)}/reminders", params=params)  # type: ignore[no-any-return]

    def iter_reminders(
        self,
        id: str,
        *,
        kind: GetApiFoiaRequestsIdRemindersResponseItemKind | None = None,
        limit: int | None = None,
    ) -> AsyncIterator[GetApiFoiaRequestsIdRemindersResponseItem]:
        return apaginate(lambda c: self.reminders(id, kind=kind, limit=limit, cursor=c))

    async def all_reminders(
        self,
        *,
        kind: GetApiFoiaRequestsIdRemindersResponseItemKind | None = None,
        limit: int | None = None,
        cursor: str | None = None,
    ) -> GetApiFoiaRemindersResponse:
        """The caller's reminders across all requests, newest first, each with its request's
        ``subject`` and ``agency_name`` (scope ``read:foia``)."""
        params = dict(kind=kind, limit=limit, cursor=cursor)
        return await self._c._json("GET", "/api/foia/reminders", params=params)  # type: ignore[no-any-return]

    def iter_all_reminders(
        self,
        *,
        kind: GetApiFoiaRequestsIdRemindersResponseItemKind | None = None,
        limit: int | None = None,
    ) -> AsyncIterator[GetApiFoiaRemindersResponseItem]:
        return apaginate(lambda c: self.all_reminders(kind=kind, limit=limit, cursor=c))


class AsyncConversations:
    """``/api/chat/conversations``: the caller's conversations with the assistant."""

    def __init__(self, client: AsyncSunlightClient) -> None:
        self._c = client

    async def list(self, *, limit: int | None = None, cursor: str | None = None) -> ConversationPage:
        return await self._c._json("GET", "/api/chat/conversations", params=dict(limit=limit, cursor=cursor))  # type: ignore[no-any-return]

    def iter(self, *, limit: int | None = None) -> AsyncIterator[ConversationSummary]:
        return apaginate(lambda c: self.list(limit=limit, cursor=c))

    async def get(self, id: str) -> Conversation:
        return await self._c._json("GET", f"/api/chat/conversations/{path_segment(id)}")  # type: ignore[no-any-return]


class AsyncChat:
    """``/api/chat``: the research assistant (scope ``chat:assistant``)."""

    def __init__(self, client: AsyncSunlightClient) -> None:
        self._c = client
        self.conversations = AsyncConversations(client)

    async def ask(
        self,
        message: str,
        *,
        conversation_id: str | None = None,
        jurisdictions: Sequence[str] | None = None,
        mode: ChatMode | None = None,
    ) -> ChatAnswer:
        """The whole answer as one JSON body (``stream: false``)."""
        body = chat_body(message, conversation_id, jurisdictions, mode, stream=False)
        return await self._c._json("POST", "/api/chat", json=body)  # type: ignore[no-any-return]

    def stream(
        self,
        message: str,
        *,
        conversation_id: str | None = None,
        jurisdictions: Sequence[str] | None = None,
        mode: ChatMode | None = None,
    ) -> AsyncChatStream:
        """The answer as it is made: an async iterator of typed events; close it to cancel.

        Use ``async with client.chat.stream(...) as events:`` (or ``events = await
        client.chat.stream(...)``, then ``await events.aclose()``). Errors before the stream
        starts (validation, scope …) raise on entering; an error after it started arrives as an
        :class:`ErrorEvent`.
        """
        body = chat_body(message, conversation_id, jurisdictions, mode, stream=True)
        return AsyncChatStream(lambda: self._c._send("POST", "/api/chat", json=body, headers={"Accept": "text/event-stream"}, stream=True))


class AsyncChatStream:
    """The events of one streamed answer. ``async for`` it; ``aclose()`` stops the HTTP stream (and the answer).

    The request is sent when the stream is entered, awaited or first iterated.
    """

    def __init__(self, open: Callable[[], Awaitable[httpx.Response]]) -> None:
        self._open_response = open
        self.response: httpx.Response | None = None
        self.request_id: str | None = None
        self._decoder = SseDecoder()
        self._events: AsyncGenerator[ChatEvent, None] | None = None
        self.closed = False
        #: The ``done`` event, once it arrived.
        self.done: DoneEvent | None = None

    @property
    def heartbeats(self) -> int:
        """How many comment lines (heartbeats) arrived so far."""
        return self._decoder.comments

    async def _open(self) -> AsyncGenerator[ChatEvent, None]:
        if self._events is None:
            self.response = await self._open_response()
            self.request_id = self.response.headers.get("x-request-id")
            self._events = self._read(self.response)
        return self._events

    async def _read(self, response: httpx.Response) -> AsyncGenerator[ChatEvent, None]:
        try:
            async for line in response.aiter_lines():
                sse = self._decoder.feed(line)
                if sse is not None:
                    event = to_chat_event(sse, request_id=self.request_id)
                    if isinstance(event, DoneEvent):
                        self.done = event
                    yield event
            last = self._decoder.feed("")
            if last is not None:
                yield to_chat_event(last, request_id=self.request_id)
        except httpx.TimeoutException as err:
            if not self.closed:
                raise SunlightTimeoutError(f"The chat stream timed out: {err}") from err
        except (httpx.TransportError, httpx.StreamError) as err:
            if not self.closed:
                raise SunlightConnectionError(f"The chat stream broke: {err}") from err
        finally:
            self.closed = True
            await response.aclose()

    def __await__(self) -> Generator[Any, None, AsyncChatStream]:
        return self._opened().__await__()

    async def _opened(self) -> AsyncChatStream:
        await self._open()
        return self

    def __aiter__(self) -> AsyncChatStream:
        return self

    async def __anext__(self) -> ChatEvent:
        if self.closed:
            await self._close_events()
            raise StopAsyncIteration
        events = await self._open()
        return await events.__anext__()

    async def _close_events(self) -> None:
        if self._events is not None:
            await self._events.aclose()

    async def aclose(self) -> None:
        """Stops reading and closes the connection: the API notices and stops the answer."""
        if self.closed:
            return
        self.closed = True
        if self.response is not None:
            await self.response.aclose()
        await self._close_events()

    async def __aenter__(self) -> AsyncChatStream:
        await self._open()
        return self

    async def __aexit__(self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        await self.aclose()

    async def until_done(self) -> DoneEvent:
        """Reads the rest of the stream: the ``done`` event, or raises the ``error`` event's error."""
        async for event in self:
            if isinstance(event, ErrorEvent):
                raise event.error
            if isinstance(event, DoneEvent):
                return event
        if self.done is not None:
            return self.done
        raise SunlightConnectionError("The chat stream ended without a done event")

    async def text(self) -> str:
        """Reads the rest of the stream and returns the whole answer text."""
        return (await self.until_done()).answer


class AsyncAdmin:
    """``/api/admin``: service metrics (scope ``admin:metrics``)."""

    def __init__(self, client: AsyncSunlightClient) -> None:
        self._c = client

    async def metrics(self, period: MetricsPeriod = "day") -> AdminMetrics:
        """Request figures over the last hour, day, week or month."""
        return await self._c._json("GET", "/api/admin/metrics", params={"period": period})  # type: ignore[no-any-return]

    async def prometheus(self) -> str:
        """The Prometheus text exposition of the process and HTTP metrics."""
        return (await self._c._send("GET", "/api/admin/metrics/prometheus", headers={"Accept": "text/plain"})).text

