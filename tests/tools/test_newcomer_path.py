"""The newcomer's path at the top of docs/architecture.md (issue 22): every file it names
exists, and every code name in it is defined in one of those files."""

import re

from rituels.tools.paths import ROOT


def _paragraph() -> str:
    text = (ROOT / "docs" / "architecture.md").read_text("utf-8")
    start = text.index("**A newcomer's path")
    return text[start:text.index("\n\n", start)]


def test_the_newcomer_s_path_names_files_and_names_that_exist():
    quoted = re.findall(r"`([^`]+)`", _paragraph())
    files = [q for q in quoted if q.endswith(".py")]
    names = [q for q in quoted if not q.endswith(".py") and not q.startswith("data-")]
    assert len(files) >= 5 and len(names) >= 6
    sources = {f: (ROOT / f).read_text("utf-8") for f in files}   # (raises if one is gone)
    for name in names:
        parts = name.split(".")
        defined = [f for f, src in sources.items()
                   if all(re.search(rf"^\s*(def|class) {p}\b|^\s*{p}\b[^=\n]*=|^\s*{p}:", src,
                                    re.M) for p in parts)]
        assert defined, f"{name}: defined in none of {files}"
