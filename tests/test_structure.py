"""The package's shape, read from its source with ``ast`` (nothing is imported).

The import graph has one node per module of ``src/puntobanco`` and one edge
for every import statement in a module, wherever it stands: at module level,
inside a function, under ``if TYPE_CHECKING:``; an import put off until it is
needed is the same dependency, hidden. ``import a.b`` is an edge to ``a.b``;
``from a import b`` is an edge to ``a`` and, when ``a.b`` is a module, to
``a.b`` too (reading a name from a package's namespace runs that package's
``__init__``); ``importlib.import_module("a.b")`` with the name written out
is an edge to ``a.b``. Relative imports are resolved. The import of a module's parent
packages, which Python does on the way, is not an edge: a package's
``__init__`` is a dependency only of the modules that read from it.

Checked on that graph:

- no cycle between modules;
- the front-ends (``web/``, ``tui/``, ``cli/``, the dealer's assistant) drive
  tables through the engine (``puntobanco.engine``), never the state machine
  (``puntobanco.table.machine`` and its parts) directly;
- no module outside ``store/`` imports a store backend: what a backend can do
  (backup, hearing other processes' commits, keeping the web table's
  credentials) is a capability of ``EventStore``, and ``open_store(url)``
  chooses the backend;
- one phase enum: ``puntobanco.table.state.Phase``;
- no module over 600 lines (a longer one holds two ideas).

The backends are the modules of ``store/`` named after one (``sqlite``,
``postgres``, ``memory``, and the modules a backend is split into, named
``sqlite_...``, ``postgres_...``); a module of ``store/`` that defines a
class with ``EventStore``'s methods must be one of them, so the list cannot
fall behind a new backend. ``store/jsonl.py`` is not a backend but an
interchange format: it reads and writes JSON lines over any ``EventStore``
and keeps nothing itself, so ``export``, ``import`` and ``verify`` may use it.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping
from functools import cache
from pathlib import Path
from typing import Final

import puntobanco

SRC: Final = Path(puntobanco.__file__).parent
ROOT: Final = "puntobanco"
#: The front-ends: packages (every module under them) and single modules.
FRONT_ENDS: Final = ("puntobanco.web", "puntobanco.tui", "puntobanco.cli", "puntobanco.assist")
STATE_MACHINE: Final = "puntobanco.table.machine"
STORE: Final = "puntobanco.store"
BACKEND_NAMES: Final = ("sqlite", "postgres", "memory")
THE_PHASE: Final = ("puntobanco.table.state", "Phase")
EVENT_STORE_METHODS: Final = frozenset({"append", "load", "tables", "close"})
ENUM_BASES: Final = frozenset({"Enum", "IntEnum", "StrEnum", "Flag", "IntFlag", "ReprEnum"})


def module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


@cache
def sources() -> Mapping[str, Path]:
    """Every module of the package by its dotted name."""
    return {module_name(path): path for path in sorted(SRC.rglob("*.py"))}


@cache
def tree(module: str) -> ast.Module:
    return ast.parse(sources()[module].read_text(encoding="utf-8"), str(sources()[module]))


def is_package(module: str) -> bool:
    return sources()[module].name == "__init__.py"


def within(module: str, prefix: str) -> bool:
    """True when ``module`` is ``prefix`` or one of its submodules."""
    return module == prefix or module.startswith(prefix + ".")


def imported(module: str) -> Iterator[tuple[str, int]]:
    """Each module of the package that ``module`` imports, with the line."""
    known = sources()
    for node in ast.walk(tree(module)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name in known:
                    yield alias.name, node.lineno
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                package = module if is_package(module) else module.rpartition(".")[0]
                for _ in range(node.level - 1):
                    package = package.rpartition(".")[0]
                base = f"{package}.{node.module}" if node.module else package
            else:
                base = node.module or ""
            if base in known:
                yield base, node.lineno
            for alias in node.names:
                if f"{base}.{alias.name}" in known:
                    yield f"{base}.{alias.name}", node.lineno
        elif isinstance(node, ast.Call) and _imports_by_name(node):
            name = node.args[0]
            if isinstance(name, ast.Constant) and name.value in known:
                yield str(name.value), node.lineno


def _imports_by_name(call: ast.Call) -> bool:
    """``importlib.import_module(...)``, ``import_module(...)`` or ``__import__(...)``."""
    fn = call.func
    name = fn.attr if isinstance(fn, ast.Attribute) else fn.id if isinstance(fn, ast.Name) else ""
    return name in ("import_module", "__import__") and bool(call.args)


@cache
def graph() -> Mapping[str, Mapping[str, int]]:
    """Module -> the modules it imports (each with its first line), self-imports left out."""
    edges: dict[str, dict[str, int]] = {}
    for module in sources():
        targets: dict[str, int] = {}
        for target, line in imported(module):
            if target != module:
                targets.setdefault(target, line)
        edges[module] = targets
    return edges


def cycles(edges: Mapping[str, Mapping[str, int]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan), each
    as one cycle through all of its modules where the graph has one, else sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(start: str) -> None:
        # Iterative, so that a deep graph never meets the recursion limit.
        work = [(start, iter(sorted(edges[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, targets = work[-1]
            for target in targets:
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(sorted(edges[target]))))
                    break
                if target in on_stack:
                    low[node] = min(low[node], index[target])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))

    for module in sorted(edges):
        if module not in index:
            visit(module)
    return found


def describe_cycle(component: list[str], edges: Mapping[str, Mapping[str, int]]) -> str:
    """One path round the component: ``a (line) -> b (line) -> ... -> a``."""
    members = set(component)
    start = component[0]
    # Breadth-first from each successor back to ``start``, inside the component.
    best: list[str] | None = None
    for first in sorted(t for t in edges[start] if t in members):
        paths = {first: [start, first]}
        queue = [first]
        while queue and start not in paths:
            node = queue.pop(0)
            for target in sorted(edges[node]):
                if target in members and target not in paths:
                    paths[target] = [*paths[node], target]
                    queue.append(target)
        if start in paths and (best is None or len(paths[start]) < len(best)):
            best = paths[start]
    assert best is not None
    steps = [f"{a} (line {edges[a][b]})" for a, b in zip(best, best[1:], strict=False)]
    return " -> ".join([*steps, start]) + f"   [{len(component)} modules: {', '.join(component)}]"


def is_backend(module: str) -> bool:
    """A store backend, by its name (see the module's docstring)."""
    if not within(module, STORE) or module == STORE:
        return False
    name = module.removeprefix(STORE + ".").split(".")[0]
    return any(name == b or name.startswith(b + "_") for b in BACKEND_NAMES)


def event_store_classes(module: str) -> list[str]:
    """The classes of ``module`` that define every method of ``EventStore``
    (the protocol itself left out)."""
    found = []
    for node in ast.walk(tree(module)):
        if isinstance(node, ast.ClassDef):
            if any(isinstance(b, ast.Name) and b.id == "Protocol" for b in node.bases):
                continue
            methods = {n.name for n in node.body if isinstance(n, ast.FunctionDef)}
            if EVENT_STORE_METHODS <= methods:
                found.append(node.name)
    return found


def phase_enums() -> list[tuple[str, str]]:
    """``(module, class)`` of every enum whose name ends with ``Phase`` (an enum:
    a subclass of one of ``enum``'s classes, or of an enum defined in the package)."""
    classes: list[tuple[str, ast.ClassDef]] = [
        (module, node)
        for module in sources()
        for node in ast.walk(tree(module))
        if isinstance(node, ast.ClassDef)
    ]

    def base_name(base: ast.expr) -> str | None:
        if isinstance(base, ast.Name):
            return base.id
        if isinstance(base, ast.Attribute):
            return base.attr
        return None

    enums = set(ENUM_BASES)
    grown = True
    while grown:  # a subclass of an enum of the package is an enum too
        grown = False
        for _, node in classes:
            if node.name not in enums and any(base_name(b) in enums for b in node.bases):
                enums.add(node.name)
                grown = True
    return sorted(
        (module, node.name)
        for module, node in classes
        if node.name.endswith("Phase") and any(base_name(b) in enums for b in node.bases)
    )


# -- the checks --------------------------------------------------------------------


def test_the_graph_reads_every_kind_of_import() -> None:
    """The reader itself: function-level, ``TYPE_CHECKING``, relative and
    from-package imports are edges (what the checks below rely on)."""
    edges = graph()
    assert len(edges) > 50
    # ``store/__init__.py`` opens a backend inside a function.
    assert any(is_backend(t) for t in edges[STORE])
    # ``from puntobanco.engine import X`` depends on the package's ``__init__``.
    assert "puntobanco.engine" in edges["puntobanco.servers"]
    # ``puntobanco/__init__.py`` reads its tables' module only when asked for one.
    assert "puntobanco.games" in edges[ROOT]


def test_no_import_cycle_between_modules() -> None:
    edges = graph()
    found = [describe_cycle(c, edges) for c in cycles(edges)]
    assert not found, "import cycles:\n" + "\n".join(found)


def test_front_ends_drive_tables_through_the_engine_and_stores_through_the_interface() -> None:
    edges = graph()
    wrong = [
        f"{module} imports {target} (line {line})"
        for module, targets in edges.items()
        if any(within(module, front) for front in FRONT_ENDS)
        for target, line in targets.items()
        if within(target, STATE_MACHINE)
    ]
    wrong += [
        f"{module} imports the store backend {target} (line {line})"
        for module, targets in edges.items()
        if not within(module, STORE)
        for target, line in targets.items()
        if is_backend(target)
    ]
    assert not wrong, "\n".join(wrong)


def test_every_store_that_keeps_events_is_a_listed_backend() -> None:
    unlisted = [
        f"{module}.{name}"
        for module in sources()
        if within(module, STORE) and not is_backend(module)
        for name in event_store_classes(module)
    ]
    assert not unlisted, f"stores outside the backends' modules: {unlisted}"
    backends = [m for m in sources() if is_backend(m)]
    assert {"puntobanco.store.sqlite", "puntobanco.store.postgres"} <= set(backends)


def test_one_phase_enum() -> None:
    found = phase_enums()
    assert THE_PHASE in found, "the reader no longer finds table.state.Phase"
    others = [f"{module}.{name}" for module, name in found if (module, name) != THE_PHASE]
    assert not others, f"phase enums besides puntobanco.table.state.Phase: {others}"


#: The most lines a module of ``src/`` holds (STYLE: a longer one holds two ideas).
MAX_LINES: Final = 600
#: Generated or vendored modules, which are exempt (none today).
EXEMPT: Final[frozenset[str]] = frozenset()


def test_no_module_over_600_lines() -> None:
    long = {
        module: lines
        for module, path in sources().items()
        if module not in EXEMPT
        and (lines := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    }
    assert not long, f"modules over {MAX_LINES} lines: {long}"
    assert EXEMPT <= set(sources()), "an exempt module that is not there any more"
