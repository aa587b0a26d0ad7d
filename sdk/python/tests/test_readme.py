"""The README's examples run against the API, and type-check, as does the package."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

SDK = Path(__file__).resolve().parent.parent
README = SDK / "README.md"


def runnable_examples() -> list[tuple[str, str]]:
    """(heading, code) of each ```python block marked <!-- runnable -->."""
    text = README.read_text(encoding="utf-8")
    out = []
    for match in re.finditer(r"<!-- runnable -->\n```python\n(.*?)```", text, re.S):
        heading = re.findall(r"^#+ (.+)$", text[: match.start()], re.M)[-1]
        out.append((heading, match.group(1)))
    return out


EXAMPLES = runnable_examples()

#: What each example prints (in README order), on the seeded law database.
EXPECTED = [
    ["Texas: 10 business days to respond", "Washington: 5 business days"],
    ["due ", "cannot go back to draft; allowed: acknowledged", "acknowledged ['PIR-22']", "Use-of-force reports"],
    ["In Texas, an agency has 10 business days", "[1] Tex. Gov't Code § 552.221(d)", "In Washington, an agency has 5 business days"],
    ["fees can be waived or reduced", "Alabama\nFederal\nTexas\nWashington"],
    ["Right to obtain agency records"],
]


def test_the_readme_has_the_examples() -> None:
    headings = [h for h, _ in EXAMPLES]
    assert headings[:3] == ["Deadline for Texas", "Track my request", "Ask the assistant, streamed"]
    assert len(EXAMPLES) == len(EXPECTED), "an example was added or removed: update EXPECTED"


@pytest.mark.parametrize("heading,code,expected", [(h, c, e) for (h, c), e in zip(EXAMPLES, EXPECTED)], ids=[f"{i}-{h}" for i, (h, _) in enumerate(EXAMPLES)])
def test_example_runs(heading: str, code: str, expected: list[str], env: Any, tmp_path: Path) -> None:
    script = tmp_path / "example.py"
    script.write_text(code, encoding="utf-8")
    variables = {
        **os.environ,
        "SUNLIGHT_BASE_URL": env.base_url,
        "SUNLIGHT_TOKEN": env.token_all,
        "SUNLIGHT_TOKEN_URL": env.token_url,
        "SUNLIGHT_CLIENT_ID": env.client_id,
        "SUNLIGHT_CLIENT_SECRET": env.client_secret,
        "PYTHONDONTWRITEBYTECODE": "1",
    }
    done = subprocess.run([sys.executable, str(script)], env=variables, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, f"{heading}:\n{done.stdout}\n{done.stderr}"
    for text in expected:
        assert text in done.stdout, f"{heading}: {text!r} not in\n{done.stdout}"


def test_package_and_examples_type_check_strictly(tmp_path: Path) -> None:
    pytest.importorskip("mypy")
    examples = tmp_path / "examples"
    examples.mkdir()
    for i, (_, code) in enumerate(EXAMPLES):
        (examples / f"example_{i}.py").write_text(code, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--python-version", "3.10", "--cache-dir", str(tmp_path / "cache"),
         "--no-error-summary", str(SDK / "src" / "sunlight_sdk"), *map(str, sorted(examples.iterdir()))],
        capture_output=True, text=True, timeout=300, cwd=tmp_path,
    )
    assert done.returncode == 0, done.stdout + done.stderr
