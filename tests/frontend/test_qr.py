"""The browser's QR encoder (frontend/js/qr.js), decoded by an independent reader.

Node encodes a few hundred texts (every length from 1 to the 271-byte limit, ASCII,
Turkish and Korean UTF-8, seat links); zxing-cpp reads each symbol, drawn as pixels with
its quiet zone, and must give back the text, the error correction level the encoder
chose and a size that matches the version. tests/frontend/js/qr.test.js checks single symbols
module by module against reference ones.
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

zxingcpp = pytest.importorskip("zxingcpp", reason="zxing-cpp is in the dev extra")

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = (
    "import { readFileSync } from 'node:fs';"
    "import { encode } from './frontend/js/qr.js';"
    "const texts = JSON.parse(readFileSync(0, 'utf8'));"
    "console.log(JSON.stringify(texts.map(t => encode(t))));"
)
SCALE = 3
QUIET = 4


def encoded(texts: list[str]) -> list[dict[str, Any]]:
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is needed to run the frontend's encoder")
    out = subprocess.run(
        [node, "--input-type=module", "-e", SCRIPT],
        input=json.dumps(texts),
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    codes: list[dict[str, Any]] = json.loads(out.stdout)
    return codes


def pixels(modules: list[list[int]]) -> memoryview:
    """Grey pixels, dark 0 and light 255, SCALE to a module, with the quiet zone."""
    side = (len(modules) + 2 * QUIET) * SCALE
    image = bytearray(b"\xff" * side * side)
    for y, row in enumerate(modules):
        for x, dark in enumerate(row):
            if not dark:
                continue
            for dy in range(SCALE):
                start = ((y + QUIET) * SCALE + dy) * side + (x + QUIET) * SCALE
                image[start : start + SCALE] = b"\x00" * SCALE
    return memoryview(bytes(image)).cast("B", (side, side))


def texts() -> list[str]:
    rng = random.Random(18004)
    alphabet = "abcXYZ019-_/#:.?=&" + "çğıİöşüÇĞÖŞÜ" + "한국어오케이"
    out = [
        "https://istaka.example/#/seat/AbCdEfGhIjKl/0/" + "x" * 43,
        "http://127.0.0.1:8000/#/seat/Xy_-12345678/3/" + "Q" * 43,
    ]
    for length in range(1, 272):
        text = "".join(rng.choice(alphabet) for _ in range(length))
        while len(text.encode("utf-8")) > length:
            text = text[:-1]
        out.append(text or "a")
    return out


def test_every_symbol_decodes_to_its_text() -> None:
    cases = texts()
    for text, code in zip(cases, encoded(cases), strict=True):
        assert code["size"] == 4 * code["version"] + 17
        assert len(code["modules"]) == code["size"]
        found = zxingcpp.read_barcode(
            pixels(code["modules"]), formats=zxingcpp.BarcodeFormat.QRCode, try_rotate=False
        )
        assert found is not None, (text, code["version"], code["level"], code["mask"])
        assert found.text == text
        assert found.ec_level == code["level"]


def test_every_mask_decodes() -> None:
    link = "https://istaka.example/#/seat/AbCdEfGhIjKl/0/" + "k" * 43
    script = SCRIPT.replace("encode(t)", "encode(t[0], { mask: t[1] })")
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is needed to run the frontend's encoder")
    out = subprocess.run(
        [node, "--input-type=module", "-e", script],
        input=json.dumps([[link, mask] for mask in range(8)]),
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
    )
    for mask, code in enumerate(json.loads(out.stdout)):
        assert code["mask"] == mask
        found = zxingcpp.read_barcode(
            pixels(code["modules"]), formats=zxingcpp.BarcodeFormat.QRCode
        )
        assert found is not None and found.text == link, mask
