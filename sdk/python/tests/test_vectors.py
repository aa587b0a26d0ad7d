"""Collections of the caller's own documents (``client.vectors``): created, listed and deleted;
items upserted by text and by vector, queried with a metadata filter, read and deleted; a stored
text object indexed through the workflow and waited for; searched beside the law; another
user's collection is a ``NotFoundError`` on every method; the admin view needs ``admin:vectors``."""

from __future__ import annotations

import uuid
from typing import Any

import pytest

from sunlight_sdk import ConflictError, NotFoundError, ScopeError, ValidationError

from conftest import call, collect


def _name(base: str) -> str:
    return f"{base} {uuid.uuid4().hex[:8]}"


async def test_collections_items_and_queries(client: Any) -> None:
    notes = await call(client.vectors.collections.create({"name": _name("Agency letters"), "description": "March response"}))
    assert notes["embedding"] == "server" and notes["dimension"] == 384 and notes["item_count"] == 0
    own = await call(client.vectors.collections.create({"name": _name("My vectors"), "model": {"dimension": 3}}))
    assert own["embedding"] == "vectors" and own["model"] == "own-vectors"
    ids = [c["id"] for c in await collect(client.vectors.collections.list_all(limit=1))]
    assert ids.index(own["id"]) < ids.index(notes["id"])
    assert (await call(client.vectors.collections.list(limit=1)))["total"] >= 2

    upserted = await call(
        client.vectors.items.upsert(
            notes["id"],
            [
                {"id": "fees", "text": "The clerk estimated copying fees of two hundred dollars.", "metadata": {"office": "clerk"}},
                {"id": "trees", "text": "The parks department planted oak trees by the river.", "metadata": {"office": "parks"}},
            ],
        )
    )
    assert upserted["data"] == [{"id": "fees", "chunk_count": 1}, {"id": "trees", "chunk_count": 1}]
    filtered = await call(client.vectors.query(notes["id"], {"text": "copying fees", "filter": {"office": "parks"}, "limit": 5}))
    assert [h["id"] for h in filtered["data"]] == ["trees"]
    best = (await call(client.vectors.query(notes["id"], {"text": "how much do copies cost", "limit": 1})))["data"][0]
    assert best["id"] == "fees" and best["metadata"] == {"office": "clerk"} and "copying fees" in (best["text"] or "")

    await call(client.vectors.items.upsert(own["id"], [{"id": "x", "vector": [1, 0, 0], "metadata": {"axis": "x"}}, {"id": "y", "vector": [0, 1, 0]}]))
    near = (await call(client.vectors.query(own["id"], {"vector": [0.9, 0.1, 0], "limit": 2})))["data"]
    assert [h["id"] for h in near] == ["x", "y"] and near[0]["score"] > near[1]["score"]
    with pytest.raises(ValidationError):
        await call(client.vectors.items.upsert(own["id"], [{"vector": [1, 2]}]))

    item = await call(client.vectors.items.get(own["id"], "x"))
    assert item["metadata"] == {"axis": "x"} and item["source"] is None
    assert await call(client.vectors.items.delete(own["id"], "x")) is None
    with pytest.raises(NotFoundError):
        await call(client.vectors.items.get(own["id"], "x"))

    # Beside the law: the collection's hits come apart from the law's, each naming its source.
    page = await call(client.search("copying fees", limit=3, collections=[notes["id"]]))
    assert all(h["source"] == {"kind": "law"} for h in page["data"])
    top = page["collection_hits"][0]
    assert top["id"] == "fees" and top["source"]["collection_id"] == notes["id"] and top["source"]["item_id"] == "fees"

    assert await call(client.vectors.collections.delete(own["id"])) is None
    with pytest.raises(NotFoundError):
        await call(client.vectors.collections.get(own["id"]))
    assert (await call(client.vectors.collections.get(notes["id"])))["item_count"] == 2


async def test_index_a_stored_object_and_wait(client: Any) -> None:
    c = await call(client.vectors.collections.create({"name": _name("Indexed notes")}))
    key = f"vectors/{uuid.uuid4().hex[:8]}.md"
    text = b"# Retention\n\nDispatch audio is kept for two years. Emails are kept for five years."
    await call(client.storage.put(key, text, content_type="text/markdown"))
    started = await call(client.vectors.index(c["id"], key))
    assert started["status"] == "queued" and started["object_key"] == key
    seen: list[str] = []
    run = await call(client.vectors.wait(c["id"], started["id"], interval=0.1, timeout=60, on_progress=lambda r: seen.append(r["progress"]["step"])))
    assert run["status"] == "completed" and run["progress"]["pages"] == 1 and run["progress"]["chunks_embedded"] == 1
    assert seen
    assert (await call(client.vectors.index_run(c["id"], run["id"])))["status"] == "completed"
    with pytest.raises(ConflictError):
        await call(client.vectors.cancel_index_run(c["id"], run["id"]))
    hit = (await call(client.vectors.query(c["id"], {"text": "dispatch audio retention", "limit": 1})))["data"][0]
    assert hit["id"] == f"{key}#p1" and hit["metadata"] == {"object_key": key, "page": 1}


async def test_isolation_and_admin(client: Any, stranger: Any, reader: Any) -> None:
    c = await call(client.vectors.collections.create({"name": _name("Private")}))
    await call(client.vectors.items.upsert(c["id"], [{"id": "secret", "text": "The informant list is in the blue binder."}]))
    attempts = [
        lambda: stranger.vectors.collections.get(c["id"]),
        lambda: stranger.vectors.collections.delete(c["id"]),
        lambda: stranger.vectors.items.upsert(c["id"], [{"text": "stranger writes"}]),
        lambda: stranger.vectors.items.get(c["id"], "secret"),
        lambda: stranger.vectors.items.delete(c["id"], "secret"),
        lambda: stranger.vectors.query(c["id"], {"text": "informant"}),
        lambda: stranger.vectors.index(c["id"], "any.md"),
        lambda: stranger.search("informant", collections=[c["id"]]),
    ]
    for attempt in attempts:
        with pytest.raises(NotFoundError):
            await call(attempt())
    assert (await call(client.vectors.items.get(c["id"], "secret")))["id"] == "secret"

    overview = await call(client.vectors.admin_overview())
    assert any(x["id"] == c["id"] for x in overview["collections"]) and overview["law"]["dimension"] == 384
    with pytest.raises(ScopeError):
        await call(reader.vectors.admin_overview())
    # Rebuilding the law index would re-ingest the corpus on the shared worker: only the refusal is run here.
    with pytest.raises(ScopeError):
        await call(reader.vectors.rebuild_law_index())
