"""Where things are in the checkout, shared by the developer commands."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]  # py/rituels/tools/paths.py -> the checkout
PACKAGE = ROOT / "py" / "rituels"
WEB = ROOT / "web"
NODE_MODULES = ROOT / "node_modules"
DIST = ROOT / "dist"
VENV = ROOT / ".venv"
ARTIFACTS = ROOT / "artifacts"
