"""Research projects (``/api/projects``): a project groups its owner's FOIA requests, conversations,
compilations, stored objects and saved searches, shared with other users as editors (add and
remove items) or viewers (read); for the sync and the async client.

A project the caller is not a member of raises :class:`NotFoundError`; a role that does not allow
the change raises :class:`PermissionDeniedError` (403 ``PROJECT_FORBIDDEN``)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from typing import TYPE_CHECKING, Any

from ._base import apaginate, paginate, path_segment
from ._generated import (
    Project,
    ProjectItem,
    ProjectItemCreate,
    ProjectItemKind,
    ProjectItemPage,
    ProjectListRole,
    ProjectMember,
    ProjectMemberPage,
    ProjectMemberRole,
    ProjectPage,
    ProjectPatch,
    SearchMode,
    SearchPage,
)

if TYPE_CHECKING:
    from ._async_client import AsyncSunlightClient
    from ._client import SunlightClient

__all__ = ["Projects", "ProjectItems", "ProjectMembers", "AsyncProjects", "AsyncProjectItems", "AsyncProjectMembers"]

_BASE = "/api/projects"
_MERGE_PATCH = "application/merge-patch+json"


def _project(id: str) -> str:
    return f"{_BASE}/{path_segment(id)}"


def _item(project_id: str, item_id: str) -> str:
    return f"{_project(project_id)}/items/{path_segment(item_id)}"


def _member(project_id: str, sub: str) -> str:
    return f"{_project(project_id)}/members/{path_segment(sub)}"


def _create_body(name: str, description: str | None) -> dict[str, Any]:
    return {"name": name, **({} if description is None else {"description": description})}


def _run_body(limit: int | None, cursor: str | None, mode: SearchMode | None) -> dict[str, Any]:
    return {k: v for k, v in dict(limit=limit, cursor=cursor, mode=mode).items() if v is not None}


class ProjectItems:
    """``client.projects.items``: ``add``, ``list`` / ``list_all``, ``get``, ``remove``, ``run``."""

    def __init__(self, client: SunlightClient) -> None:
        self._c = client

    def add(self, project_id: str, item: ProjectItemCreate) -> ProjectItem:
        """Adds one of the caller's records (``{"kind": "foia_request", "ref": id}``; a stored
        object by key) or a saved search (``{"kind": "saved_search", "ref": {"query": …,
        "filters": …}}``); owner and editors only. The record's title is kept as ``label``."""
        return self._c._json("POST", f"{_project(project_id)}/items", json=item)  # type: ignore[no-any-return]

    def list(self, project_id: str, *, kind: ProjectItemKind | None = None, limit: int | None = None, cursor: str | None = None) -> ProjectItemPage:
        """One page of the project's items, newest first."""
        return self._c._json("GET", f"{_project(project_id)}/items", params=dict(kind=kind, limit=limit, cursor=cursor))  # type: ignore[no-any-return]

    def list_all(self, project_id: str, *, kind: ProjectItemKind | None = None, limit: int | None = None) -> Iterator[ProjectItem]:
        """Every item of the project, page after page."""
        return paginate(lambda c: self.list(project_id, kind=kind, limit=limit, cursor=c))

    def get(self, project_id: str, item_id: str) -> ProjectItem:
        return self._c._json("GET", _item(project_id, item_id))  # type: ignore[no-any-return]

    def remove(self, project_id: str, item_id: str) -> None:
        """Removes the item (the record itself is not touched); owner and editors only."""
        self._c._send("DELETE", _item(project_id, item_id))

    def run(self, project_id: str, item_id: str, *, limit: int | None = None, cursor: str | None = None, mode: SearchMode | None = None) -> SearchPage:
        """Re-runs a saved search: today's results of ``search`` for its query and filters."""
        return self._c._json("POST", f"{_item(project_id, item_id)}/run", json=_run_body(limit, cursor, mode))  # type: ignore[no-any-return]


class ProjectMembers:
    """``client.projects.members``: ``list`` / ``list_all``, ``put``, ``remove``."""

    def __init__(self, client: SunlightClient) -> None:
        self._c = client

    def list(self, project_id: str, *, limit: int | None = None, cursor: str | None = None) -> ProjectMemberPage:
        """One page: the owner first (role ``owner``), then members in the order they were added."""
        return self._c._json("GET", f"{_project(project_id)}/members", params=dict(limit=limit, cursor=cursor))  # type: ignore[no-any-return]

    def list_all(self, project_id: str, *, limit: int | None = None) -> Iterator[ProjectMember]:
        return paginate(lambda c: self.list(project_id, limit=limit, cursor=c))

    def put(self, project_id: str, sub: str, role: ProjectMemberRole) -> ProjectMember:
        """Adds the user (by ``sub``) as ``editor`` or ``viewer``, or changes their role; owner only."""
        return self._c._json("PUT", _member(project_id, sub), json={"role": role})  # type: ignore[no-any-return]

    def remove(self, project_id: str, sub: str) -> None:
        """Removes a member (owner), or leaves the project (the caller's own ``sub``); access ends at once."""
        self._c._send("DELETE", _member(project_id, sub))


class Projects:
    """``client.projects``: ``create``, ``list`` / ``list_all``, ``get``, ``update``, ``delete``;
    ``items`` and ``members`` (scopes ``read:projects``, ``write:projects``)."""

    def __init__(self, client: SunlightClient) -> None:
        self._c = client
        self.items = ProjectItems(client)
        self.members = ProjectMembers(client)

    def create(self, name: str, *, description: str | None = None) -> Project:
        """Creates a project the caller owns."""
        return self._c._json("POST", _BASE, json=_create_body(name, description))  # type: ignore[no-any-return]

    def list(self, *, role: ProjectListRole | None = None, limit: int | None = None, cursor: str | None = None) -> ProjectPage:
        """One page of the projects the caller owns or is a member of (``role="owner"`` or ``"member"`` to narrow)."""
        return self._c._json("GET", _BASE, params=dict(role=role, limit=limit, cursor=cursor))  # type: ignore[no-any-return]

    def list_all(self, *, role: ProjectListRole | None = None, limit: int | None = None) -> Iterator[Project]:
        """Every project of the caller's, page after page."""
        return paginate(lambda c: self.list(role=role, limit=limit, cursor=c))

    def get(self, id: str) -> Project:
        return self._c._json("GET", _project(id))  # type: ignore[no-any-return]

    def update(self, id: str, patch: ProjectPatch) -> Project:
        """Renames the project or changes its description (merge patch: ``None`` clears it); owner only."""
        return self._c._json("PATCH", _project(id), json=patch, content_type=_MERGE_PATCH)  # type: ignore[no-any-return]

    def delete(self, id: str) -> None:
        """Deletes the project, its items and memberships (owner only); the records themselves stay."""
        self._c._send("DELETE", _project(id))


class AsyncProjectItems:
    """``client.projects.items`` of the async client (see :class:`ProjectItems`)."""

    def __init__(self, client: AsyncSunlightClient) -> None:
        self._c = client

    async def add(self, project_id: str, item: ProjectItemCreate) -> ProjectItem:
        return await self._c._json("POST", f"{_project(project_id)}/items", json=item)  # type: ignore[no-any-return]

    async def list(self, project_id: str, *, kind: ProjectItemKind | None = None, limit: int | None = None, cursor: str | None = None) -> ProjectItemPage:
        return await self._c._json("GET", f"{_project(project_id)}/items", params=dict(kind=kind, limit=limit, cursor=cursor))  # type: ignore[no-any-return]

    def list_all(self, project_id: str, *, kind: ProjectItemKind | None = None, limit: int | None = None) -> AsyncIterator[ProjectItem]:
        return apaginate(lambda c: self.list(project_id, kind=kind, limit=limit, cursor=c))

    async def get(self, project_id: str, item_id: str) -> ProjectItem:
        return await self._c._json("GET", _item(project_id, item_id))  # type: ignore[no-any-return]

    async def remove(self, project_id: str, item_id: str) -> None:
        await self._c._send("DELETE", _item(project_id, item_id))

    async def run(self, project_id: str, item_id: str, *, limit: int | None = None, cursor: str | None = None, mode: SearchMode | None = None) -> SearchPage:
        return await self._c._json("POST", f"{_item(project_id, item_id)}/run", json=_run_body(limit, cursor, mode))  # type: ignore[no-any-return]


class AsyncProjectMembers:
    """``client.projects.members`` of the async client (see :class:`ProjectMembers`)."""

    def __init__(self, client: AsyncSunlightClient) -> None:
        self._c = client

    async def list(self, project_id: str, *, limit: int | None = None, cursor: str | None = None) -> ProjectMemberPage:
        return await self._c._json("GET", f"{_project(project_id)}/members", params=dict(limit=limit, cursor=cursor))  # type: ignore[no-any-return]

    def list_all(self, project_id: str, *, limit: int | None = None) -> AsyncIterator[ProjectMember]:
        return apaginate(lambda c: self.list(project_id, limit=limit, cursor=c))

    async def put(self, project_id: str, sub: str, role: ProjectMemberRole) -> ProjectMember:
        return await self._c._json("PUT", _member(project_id, sub), json={"role": role})  # type: ignore[no-any-return]

    async def remove(self, project_id: str, sub: str) -> None:
        await self._c._send("DELETE", _member(project_id, sub))


class AsyncProjects:
    """``client.projects`` of the async client (see :class:`Projects`)."""

    def __init__(self, client: AsyncSunlightClient) -> None:
        self._c = client
        self.items = AsyncProjectItems(client)
        self.members = AsyncProjectMembers(client)

    async def create(self, name: str, *, description: str | None = None) -> Project:
        return await self._c._json("POST", _BASE, json=_create_body(name, description))  # type: ignore[no-any-return]

    async def list(self, *, role: ProjectListRole | None = None, limit: int | None = None, cursor: str | None = None) -> ProjectPage:
        return await self._c._json("GET", _BASE, params=dict(role=role, limit=limit, cursor=cursor))  # type: ignore[no-any-return]

    def list_all(self, *, role: ProjectListRole | None = None, limit: int | None = None) -> AsyncIterator[Project]:
        return apaginate(lambda c: self.list(role=role, limit=limit, cursor=c))

    async def get(self, id: str) -> Project:
        return await self._c._json("GET", _project(id))  # type: ignore[no-any-return]

    async def update(self, id: str, patch: ProjectPatch) -> Project:
        return await self._c._json("PATCH", _project(id), json=patch, content_type=_MERGE_PATCH)  # type: ignore[no-any-return]

    async def delete(self, id: str) -> None:
        await self._c._send("DELETE", _project(id))
