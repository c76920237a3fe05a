"""docs/rules/ holds an identical copy of every file of the team's shared rules."""

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
SHARED_RULES = REPO.parent / "shared" / "rules"  # beside the repository: the team's checkout, CI
COPIES = REPO / "docs" / "rules"


def test_every_shared_rules_file_is_copied_unchanged():
    if not SHARED_RULES.is_dir():
        pytest.skip(f"no shared rules at {SHARED_RULES}: nothing to compare docs/rules/ with")
    shared = sorted(p.relative_to(SHARED_RULES) for p in SHARED_RULES.rglob("*") if p.is_file())
    assert shared, f"{SHARED_RULES} holds no file"
    differing = [
        str(name)
        for name in shared
        if not (COPIES / name).is_file()
        or (COPIES / name).read_bytes() != (SHARED_RULES / name).read_bytes()
    ]
    assert not differing, f"docs/rules/ lacks or differs from {SHARED_RULES} for: {differing}"
