"""Object storage (``client.storage``): streaming uploads from bytes, files and iterators,
checksums, streaming downloads with ranges and ETags, HEAD, delete, list and iterate."""

from __future__ import annotations

import hashlib
import io
import uuid
from collections.abc import AsyncIterator, Iterator
from typing import Any

import pytest

from sunlight_sdk import AsyncObjectDownload, NotFoundError, ObjectDownload, ObjectInfo, ValidationError

from conftest import call, collect, read_all


def sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


async def test_put_get_head_delete(client: Any, kind: str) -> None:
    # No slash here: the recorder of called operations matches decoded paths (keys with "/" are in the other tests).
    prefix = f"py-{kind}-{uuid.uuid4().hex[:8]}-"
    stored = await call(client.storage.put(prefix + "notes.md", b"# Notes\n", content_type="text/markdown", checksum=True))
    assert stored["key"] == prefix + "notes.md"
    digest = sha(b"# Notes\n")
    assert stored["size"] == 8 and stored["sha256"] == digest and stored["etag"] == f'"{digest}"'

    download = await call(client.storage.get(prefix + "notes.md"))
    assert isinstance(download, ObjectDownload if kind == "sync" else AsyncObjectDownload)
    assert download.info.status == 200 and download.info.content_type == "text/markdown"
    assert download.info.sha256 == stored["sha256"] and download.info.last_modified is not None
    assert await call(download.read()) == b"# Notes\n"

    part = await call(client.storage.get(prefix + "notes.md", range=(2, 6)))
    assert part.info.status == 206 and part.info.content_range == "bytes 2-6/8"
    assert await call(part.read()) == b"Notes"

    cached = await call(client.storage.get(prefix + "notes.md", if_none_match=stored["etag"]))
    assert cached.info.not_modified
    await call(cached.read())

    info = await call(client.storage.head(prefix + "notes.md"))
    assert isinstance(info, ObjectInfo) and info.content_length == 8 and info.etag == stored["etag"]

    await call(client.storage.delete(prefix + "notes.md"))
    with pytest.raises(NotFoundError):
        await call(client.storage.head(prefix + "notes.md"))
    with pytest.raises(NotFoundError):
        await call(client.storage.get(prefix + "notes.md"))


async def test_streams_files_and_iterators(client: Any, kind: str) -> None:
    prefix = f"py-stream-{kind}-{uuid.uuid4().hex[:8]}/"
    size = 1_200_000
    payload = bytes(range(256)) * (size // 256)
    from_file = await call(client.storage.put(prefix + "file.pdf", io.BytesIO(payload), content_type="application/pdf", checksum=sha(payload)))
    assert from_file["size"] == len(payload) and from_file["sha256"] == sha(payload)

    def chunks() -> Iterator[bytes]:
        for i in range(0, len(payload), 100_000):
            yield payload[i : i + 100_000]

    async def achunks() -> AsyncIterator[bytes]:
        for chunk in chunks():
            yield chunk

    body = chunks() if kind == "sync" else achunks()
    from_iter = await call(client.storage.put(prefix + "iter.pdf", body, content_type="application/pdf"))
    assert from_iter["sha256"] == sha(payload)

    assert await read_all(await call(client.storage.get(prefix + "iter.pdf"))) == payload


async def test_refusals(client: Any, kind: str) -> None:
    key = f"py-refused-{kind}-{uuid.uuid4().hex[:8]}.txt"
    with pytest.raises(ValidationError):
        await call(client.storage.put(key, b"released", content_type="text/plain", checksum=sha(b"other")))
    with pytest.raises(NotFoundError):
        await call(client.storage.head(key))
    with pytest.raises(Exception) as refused:
        await call(client.storage.put(key, b"MZ", content_type="application/x-msdownload"))
    assert getattr(refused.value, "status", None) == 415


async def test_list_and_iter(client: Any, kind: str) -> None:
    prefix = f"py-list-{kind}-{uuid.uuid4().hex[:8]}/"
    for name in ["a.txt", "b.txt", "c.txt"]:
        await call(client.storage.put(prefix + name, name, content_type="text/plain"))
    page = await call(client.storage.list(prefix=prefix, limit=2))
    assert page["total"] == 3 and [o["key"] for o in page["data"]] == [prefix + "a.txt", prefix + "b.txt"]
    assert page["next_cursor"]
    keys = [o["key"] for o in await collect(client.storage.iter(prefix=prefix, limit=1))]
    assert keys == [prefix + "a.txt", prefix + "b.txt", prefix + "c.txt"]
