"""Research packets (``client.documents``): compile, wait with progress, download the outputs
(streamed, ranges, ETags), idempotency keys, cancel, wait timeouts, lists, another user's
compilations, and the README's example. A compilation worker runs beside the API
(python-sdk.int.test.ts); the ``holder`` user's compilations stay queued until cancelled."""

from __future__ import annotations

import re
import time
import uuid
from pathlib import Path
from typing import Any

import pytest

from sunlight_sdk import (
    AsyncObjectDownload,
    CompilationTimeoutError,
    ConflictError,
    NotFoundError,
    ObjectDownload,
    OutputNotAvailableError,
    SunlightTimeoutError,
    ValidationError,
)
from sunlight_sdk.types import Compilation, CompileRequest

from conftest import call, collect, read_all, run_readme_example, type_check_readme_example

PACKET: CompileRequest = {
    "title": "Texas: deadlines and rulings",
    "formats": ["markdown", "pdf"],
    "parts": [
        {"kind": "jurisdiction_profile", "jurisdiction": "texas"},
        {"kind": "statute", "citation": "Tex. Gov't Code § 552.301"},
    ],
}

QUICK: CompileRequest = {"title": "Quick", "formats": ["markdown"], "parts": [{"kind": "statute", "citation": "Tex. Gov't Code § 552.301"}]}


async def test_compile_wait_and_download(client: Any, kind: str) -> None:
    started: Compilation = await call(client.documents.compile(PACKET))
    assert started["status"] == "queued" and started["progress"]["total"] == 2 and started["outputs"] == []
    with pytest.raises(OutputNotAvailableError) as early:
        await call(client.documents.download(started, "markdown"))
    assert early.value.compilation_status == "queued" and early.value.code == "OUTPUT_NOT_AVAILABLE"

    seen: list[Compilation] = []

    def note(c: Compilation) -> None:
        seen.append(c)

    async def anote(c: Compilation) -> None:
        seen.append(c)

    done: Compilation = await call(client.documents.wait(started["id"], interval=0.1, on_progress=note if kind == "sync" else anote))
    assert done["status"] == "completed" and (done["progress"]["done"], done["progress"]["total"]) == (2, 2)
    assert done["part_failures"] == [] and done["error"] is None and done["fingerprint"]
    assert [o["format"] for o in done["outputs"]] == ["markdown", "pdf"]
    assert seen[-1] == done
    pairs = [(c["status"], c["progress"]) for c in seen]
    assert all(a != b for a, b in zip(pairs, pairs[1:])), "on_progress is called only on a change"

    markdown = await call(client.documents.download(done, "markdown"))
    assert isinstance(markdown, ObjectDownload if kind == "sync" else AsyncObjectDownload)
    output = next(o for o in done["outputs"] if o["format"] == "markdown")
    assert markdown.info.status == 200 and markdown.info.sha256 == output["sha256"] and markdown.info.content_length == output["size"]
    text = (await call(markdown.read())).decode()
    assert "Texas: deadlines and rulings" in text and "§ 552.301" in text and str(done["fingerprint"]) in text

    pdf = await read_all(await call(client.documents.download(done["id"], "pdf")))
    assert pdf.startswith(b"%PDF-") and len(pdf) == next(o["size"] for o in done["outputs"] if o["format"] == "pdf")

    part = await call(client.documents.download(done, "markdown", range=(0, 1)))
    assert part.info.status == 206 and re.fullmatch(r"bytes 0-1/\d+", part.info.content_range or "")
    assert await call(part.read()) == b"# "
    cached = await call(client.documents.download(done, "markdown", if_none_match=part.info.etag))
    assert cached.info.not_modified
    await call(cached.read())

    with pytest.raises(OutputNotAvailableError) as missing:
        await call(client.documents.download(done, "html"))
    assert missing.value.format == "html" and missing.value.compilation_id == done["id"] and "markdown, pdf" in missing.value.message


async def test_idempotency_key(client: Any, stranger: Any, kind: str) -> None:
    key = f"py-{kind}-{uuid.uuid4().hex}"
    first = await call(client.documents.compile(QUICK, idempotency_key=key))
    again = await call(client.documents.compile(QUICK, idempotency_key=key))
    assert again["id"] == first["id"]
    with pytest.raises(ConflictError):
        await call(client.documents.compile({**QUICK, "title": "Another"}, idempotency_key=key))
    theirs = await call(stranger.documents.compile(QUICK, idempotency_key=key))
    assert theirs["id"] != first["id"]
    assert (await call(client.documents.wait(first["id"], interval=0.1)))["status"] == "completed"
    with pytest.raises(ValidationError):
        await call(client.documents.compile(QUICK, idempotency_key="has spaces"))


async def test_list_and_iter(stranger: Any) -> None:
    # The stranger's compilations only: few, and made by this test and test_idempotency_key.
    made = await call(stranger.documents.compile({**QUICK, "title": f"Listed {uuid.uuid4().hex[:6]}"}))
    page = await call(stranger.documents.list(limit=1))
    assert [c["id"] for c in page["data"]] == [made["id"]] and page["total"] >= 1
    every = await collect(stranger.documents.iter(limit=1))
    assert every[0]["id"] == made["id"] and len(every) == page["total"]
    assert len({c["id"] for c in every}) == len(every)
    await call(stranger.documents.wait(made["id"], interval=0.1))


async def test_cancel(holder: Any) -> None:
    started = await call(holder.documents.compile({"title": "To cancel", "formats": ["pdf"], "parts": [{"kind": "jurisdiction_profile", "jurisdiction": "texas"}] * 40}))
    cancelled = await call(holder.documents.cancel(started["id"]))
    assert cancelled["id"] == started["id"] and cancelled["status"] == "cancelled" and cancelled["outputs"] == [] and cancelled["finished_at"]
    with pytest.raises(ConflictError) as again:
        await call(holder.documents.cancel(started["id"]))
    assert again.value.status == 409
    waited = await call(holder.documents.wait(started["id"], interval=0.1))
    assert waited["status"] == "cancelled"
    with pytest.raises(OutputNotAvailableError) as none:
        await call(holder.documents.download(waited, "pdf"))
    assert none.value.compilation_status == "cancelled"


async def test_wait_gives_up_after_its_timeout(holder: Any) -> None:
    started = await call(holder.documents.compile(QUICK))
    begun = time.monotonic()
    try:
        with pytest.raises(CompilationTimeoutError) as caught:
            await call(holder.documents.wait(started["id"], interval=0.05, timeout=0.3))
    finally:
        await call(holder.documents.cancel(started["id"]))
    assert isinstance(caught.value, SunlightTimeoutError) and caught.value.code == "TIMEOUT" and caught.value.status == 0
    assert caught.value.compilation["id"] == started["id"] and caught.value.compilation["status"] == "queued"
    assert caught.value.timeout == 0.3 and 0.3 <= time.monotonic() - begun < 5


async def test_another_users_compilation_is_not_found(client: Any, stranger: Any) -> None:
    done = await call(client.documents.wait((await call(client.documents.compile(QUICK)))["id"], interval=0.1))
    with pytest.raises(NotFoundError):
        await call(stranger.documents.get_compilation(done["id"]))
    with pytest.raises(NotFoundError):
        await call(stranger.documents.cancel(done["id"]))
    with pytest.raises(NotFoundError):
        await call(stranger.documents.download(done, "markdown"))
    with pytest.raises(NotFoundError):
        await call(client.documents.get_compilation(str(uuid.uuid4())))


async def test_bad_request_names_the_field(client: Any) -> None:
    with pytest.raises(ValidationError) as caught:
        await call(client.documents.compile({"title": "x", "parts": [{"kind": "jurisdiction_profile", "jurisdiction": "atlantis"}]}))
    assert [i["path"] for i in caught.value.issues] == ["body.parts.0.jurisdiction"]


# -- the README's example ------------------------------------------------------------------------

def test_readme_compile_example(env: Any, tmp_path: Path) -> None:
    out = run_readme_example("compile", env, tmp_path)
    assert re.search(r"^compilation [0-9a-f-]{36} queued$", out, re.M), out
    assert re.search(r"^  completed: 2/2 parts", out, re.M), out
    assert re.search(r"^texas-packet\.pdf: \d+ bytes$", out, re.M), out
    assert "552.301" in out.splitlines()[-1]
    assert (tmp_path / "texas-packet.pdf").read_bytes().startswith(b"%PDF-")


def test_readme_compile_example_type_checks(tmp_path: Path) -> None:
    type_check_readme_example("compile", tmp_path)
