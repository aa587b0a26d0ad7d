"""Research projects (``client.projects``): created, listed, renamed and deleted; items of the
owner's own records and a saved search, re-run; a member added as viewer (reads, cannot write),
made editor (adds and removes), and removed (the project is gone for them at once)."""

from __future__ import annotations

import uuid
from typing import Any

import pytest

from sunlight_sdk import NotFoundError, PermissionDeniedError, ValidationError
from sunlight_sdk.types import Project, ProjectItem

from conftest import call, collect

STRANGER = "sdk-python-stranger"


async def test_project_lifecycle(client: Any, stranger: Any) -> None:
    name = f"Body cameras {uuid.uuid4().hex[:8]}"
    project: Project = await call(client.projects.create(name, description="Spring series"))
    assert project["role"] == "owner" and project["description"] == "Spring series" and project["item_count"] == 0
    assert project["id"] in [p["id"] for p in await collect(client.projects.list_all(role="owner", limit=1))]
    assert (await call(client.projects.list(role="owner")))["total"] >= 1
    renamed = await call(client.projects.update(project["id"], {"name": f"{name}!", "description": None}))
    assert renamed["name"] == f"{name}!" and renamed["description"] is None
    assert (await call(client.projects.get(project["id"])))["name"] == f"{name}!"
    with pytest.raises(NotFoundError):
        await call(stranger.projects.get(project["id"]))
    assert await call(client.projects.delete(project["id"])) is None
    with pytest.raises(NotFoundError):
        await call(client.projects.get(project["id"]))


async def test_items_saved_search_and_members(client: Any, stranger: Any) -> None:
    project: Project = await call(client.projects.create(f"Shared {uuid.uuid4().hex[:8]}"))
    pid = project["id"]
    request = await call(client.foia.create({"jurisdiction": "texas", "agency": {"name": "Records Office"}, "subject": "Jail logs", "description": "Logs."}))
    item: ProjectItem = await call(client.projects.items.add(pid, {"kind": "foia_request", "ref": request.id}))
    assert item["label"] == "Jail logs — Records Office" and item["links"]["item"] == f"/api/foia/requests/{request.id}"
    search: ProjectItem = await call(client.projects.items.add(pid, {"kind": "saved_search", "ref": {"query": "public information", "filters": {"jurisdictions": ["texas"]}}}))
    run = await call(client.projects.items.run(pid, search["id"], limit=2, mode="keyword"))
    assert run["interpreted"]["jurisdictions"] == ["texas"] and all(h["jurisdiction"] == "texas" for h in run["data"])

    theirs = await call(stranger.foia.create({"jurisdiction": "texas", "agency": {"name": "X"}, "subject": "Not yours", "description": "x"}))
    with pytest.raises(ValidationError):
        await call(client.projects.items.add(pid, {"kind": "foia_request", "ref": theirs.id}))

    assert (await call(client.projects.members.put(pid, STRANGER, "viewer")))["role"] == "viewer"
    assert [i["kind"] for i in await collect(stranger.projects.items.list_all(pid, limit=1))] == ["saved_search", "foia_request"]
    assert (await call(stranger.projects.items.get(pid, item["id"])))["label"] == "Jail logs — Records Office"
    assert (await call(stranger.projects.items.run(pid, search["id"], mode="keyword")))["total"] == run["total"]
    with pytest.raises(PermissionDeniedError) as refused:
        await call(stranger.projects.items.add(pid, {"kind": "saved_search", "ref": {"query": "fees"}}))
    assert refused.value.code == "PROJECT_FORBIDDEN"
    members = await collect(stranger.projects.members.list_all(pid))
    assert [(m["sub"], m["role"]) for m in members][1:] == [(STRANGER, "viewer")] and members[0]["role"] == "owner"

    await call(client.projects.members.put(pid, STRANGER, "editor"))
    added = await call(stranger.projects.items.add(pid, {"kind": "saved_search", "ref": {"query": "fees"}}))
    assert await call(stranger.projects.items.remove(pid, added["id"])) is None
    assert (await call(client.projects.items.list(pid, kind="saved_search")))["total"] == 1
    assert await call(client.projects.members.remove(pid, STRANGER)) is None
    with pytest.raises(NotFoundError):
        await call(stranger.projects.items.list(pid))
    assert (await call(client.projects.members.list(pid)))["total"] == 1
    await call(client.projects.delete(pid))
