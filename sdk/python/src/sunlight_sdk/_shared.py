"""Pieces both clients use to build requests and results."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ._base import as_list
from ._generated import AppealDraftRequest, ChatMode, ChatRequest, FoiaRequest, LetterKind, RecordType, SearchFilters, SearchMode, SearchRequest, SendLetterRequest

__all__ = ["FoiaRequestWithETag"]


@dataclass(frozen=True)
class FoiaRequestWithETag:
    """A FOIA request as read or written, with its ``etag`` (pass it as ``if_match`` to update)."""

    data: FoiaRequest
    etag: str

    @property
    def id(self) -> str:
        return self.data["id"]

    @property
    def status(self) -> str:
        return self.data["status"]


def search_body(
    query: str,
    jurisdictions: str | Sequence[str] | None,
    types: Sequence[RecordType] | None,
    categories: Sequence[str] | None,
    mode: SearchMode | None,
    limit: int | None,
    cursor: str | None,
    collections: Sequence[str] | None = None,
) -> SearchRequest:
    body: SearchRequest = {"query": query}
    filters: SearchFilters = {}
    if jurisdictions is not None:
        filters["jurisdictions"] = as_list(jurisdictions) or []
    if types is not None:
        filters["types"] = list(types)
    if categories is not None:
        filters["categories"] = list(categories)
    if filters:
        body["filters"] = filters
    if mode is not None:
        body["mode"] = mode
    if limit is not None:
        body["limit"] = limit
    if cursor is not None:
        body["cursor"] = cursor
    if collections is not None:
        body["collections"] = list(collections)
    return body


def chat_body(
    message: str,
    conversation_id: str | None,
    jurisdictions: Sequence[str] | None,
    mode: ChatMode | None,
    *,
    stream: bool,
) -> ChatRequest:
    body: ChatRequest = {"message": message, "stream": stream}
    if conversation_id is not None:
        body["conversation_id"] = conversation_id
    if jurisdictions is not None:
        body["jurisdictions"] = list(jurisdictions)
    if mode is not None:
        body["mode"] = mode
    return body


def send_body(kind: LetterKind, to: Sequence[str] | None, cc: Sequence[str] | None) -> SendLetterRequest:
    body: SendLetterRequest = {"kind": kind}
    if to is not None:
        body["to"] = list(to)
    if cc is not None:
        body["cc"] = list(cc)
    return body


def appeal_draft_body(reasons: str, exemptions: Sequence[str] | None) -> AppealDraftRequest:
    body: AppealDraftRequest = {"reasons": reasons}
    if exemptions is not None:
        body["exemptions"] = list(exemptions)
    return body
