"""The `rituels` package has no import circle: a module imports another only if that one does not
import it back, directly or through others (top-level and function-level imports alike; imports
under ``if TYPE_CHECKING:`` never run and are left out)."""

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "py" / "rituels"


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _runs(node: ast.AST) -> list[ast.AST]:
    """The nodes below ``node`` that may run, without the bodies of ``if TYPE_CHECKING:``."""
    found = []
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.If) and ast.unparse(child.test) in ("TYPE_CHECKING",
                                                                     "typing.TYPE_CHECKING"):
            for branch in child.orelse:
                found += [branch, *_runs(branch)]
            continue
        found += [child, *_runs(child)]
    return found


def imported(path: Path, modules: set[str]) -> set[str]:
    """The modules of the package that the module at ``path`` imports."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in _runs(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:   # relative: from the module's package, one level up per extra dot
                anchor = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{anchor}.{base}" if base else anchor
            # `from package import module` imports that module; `from module import name`, it
            found |= {f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base
                      for alias in node.names}
    return found & modules - {name}


def import_graph() -> dict[str, set[str]]:
    paths = sorted(PACKAGE.rglob("*.py"))
    modules = {module_name(p) for p in paths}
    return {module_name(p): imported(p, modules) for p in paths}


def find_cycle(graph: dict[str, set[str]]) -> list[str]:
    """One import circle as the list of its modules (the first one again at the end), or []."""
    state: dict[str, str] = {}   # "open" while on the current path, then "done"
    path: list[str] = []

    def visit(name: str) -> list[str]:
        state[name] = "open"
        path.append(name)
        for other in sorted(graph[name]):
            if state.get(other) == "open":
                return path[path.index(other):] + [other]
            if other not in state and (cycle := visit(other)):
                return cycle
        state[name] = "done"
        path.pop()
        return []

    for name in sorted(graph):
        if name not in state and (cycle := visit(name)):
            return cycle
    return []


def test_the_graph_sees_both_kinds_of_import():
    graph = import_graph()
    assert "rituels.engine.state" in graph["rituels.engine"]            # from . import, top level
    assert "rituels.tools.bench_browser" in graph["rituels.tools.bench_saves"]


def test_a_circle_is_found():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) == []


def test_no_import_circle_in_the_package():
    cycle = find_cycle(import_graph())
    assert not cycle, "import circle: " + " -> ".join(cycle)


def test_no_shipped_module_imports_developer_code():
    """Developer-only code is kept out of the browser's zip by living in tools/: that holds only
    while no shipped module imports it."""
    from rituels.tools.build import _package_files

    graph = import_graph()
    shipped = {module_name(p) for p in _package_files() if p.suffix == ".py"}
    offenders = sorted(f"{name} -> {other}" for name in shipped for other in graph[name]
                       if other.startswith("rituels.tools."))
    assert not offenders, offenders
