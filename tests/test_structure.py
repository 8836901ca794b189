"""The package's shape, read from its source with ``ast`` (nothing is imported).

The import graph has one node per module of ``src/puntobanco`` and one edge
for every import statement in a module, wherever it stands: at module level,
inside a function, under ``if TYPE_CHECKING:``; an import put off until it is
needed is the same dependency, hidden. ``import a.b`` is an edge to ``a.b``;
``from a import b`` is an edge to ``a`` and, when ``a.b`` is a module, to
``a.b`` too (reading a name from a package's namespace runs that package's
``__init__``); ``importlib.import_module("a.b")`` with the name written out
is an edge to ``a.b``, and ``import_module(".b", "a")`` (or with ``__package__``)
too. Relative imports are resolved. The import of a module's parent
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
- one phase enum: ``puntobanco.table.state.Phase``; any other enum that shares
  a member's value or name with it (``BETS_OPEN = "bets_open"``), or whose name
  says Phase, Stage or Step, is a second state machine;
- the terminal game (``tui/``) never reads the table's ``Phase``: it asks the engine;
- the layers import only downwards: the core (cards, rules, coup, ...) imports
  no table, store, engine or front-end, ``table/`` no store, engine or
  front-end, and so on (``LAYERS``, ``BELOW``: the picture of ``docs/engine.md``);
- no module of the front-ends decides who may send a command, whether a table
  allows it, or what a viewer sees: they ask the engine (its ``commands``,
  ``check_sender``, ``view``);
- no module names a table format (``Format.CASINO``, ``fmt == "session"``) but the
  format records and the table-creation schema (``FORMAT_NAMERS``), and no page's
  script tests a format's name: behaviour comes from the format's rules;
- no class stands on more than two of the package's own classes (composition,
  not chains of mixins);
- no module reads another module's ``_private`` names.

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
import re
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
#: The values of ``Phase`` as the source gives them (the reader's own check).
PHASE_VALUES: Final = frozenset(
    {"bets_open", "bets_closed", "dealt", "settled", "ended", "shuffling", "lesson"}
)
#: Words that name a phase of a coup in an enum's name.
PHASE_WORDS: Final = ("Phase", "Stage", "Step")


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


def package_of(module: str) -> str:
    """The package that ``module``'s relative imports start from."""
    return module if is_package(module) else module.rpartition(".")[0]


def relative(package: str, name: str) -> str:
    """``name`` (``".x"``, ``"..y.z"``, ``"."``) read from inside ``package``."""
    rest = name.lstrip(".")
    for _ in range(len(name) - len(rest) - 1):
        package = package.rpartition(".")[0]
    return f"{package}.{rest}" if rest else package


def from_base(module: str, node: ast.ImportFrom) -> str:
    """The module that ``from ... import`` reads from, relative imports resolved."""
    if node.level:
        return relative(package_of(module), "." * node.level + (node.module or ""))
    return node.module or ""


def imported(module: str) -> Iterator[tuple[str, int]]:
    """Each module of the package that ``module`` imports, with the line."""
    known = sources()
    for node in ast.walk(tree(module)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name in known:
                    yield alias.name, node.lineno
        elif isinstance(node, ast.ImportFrom):
            base = from_base(module, node)
            if base in known:
                yield base, node.lineno
            for alias in node.names:
                if f"{base}.{alias.name}" in known:
                    yield f"{base}.{alias.name}", node.lineno
        elif isinstance(node, ast.Call) and _imports_by_name(node):
            target = _named_import(module, node)
            if target is not None and target in known:
                yield target, node.lineno


def _imports_by_name(call: ast.Call) -> bool:
    """``importlib.import_module(...)``, ``import_module(...)`` or ``__import__(...)``."""
    return _callee(call) in ("import_module", "__import__") and bool(call.args)


def _callee(call: ast.Call) -> str:
    fn = call.func
    return fn.attr if isinstance(fn, ast.Attribute) else fn.id if isinstance(fn, ast.Name) else ""


def _named_import(module: str, call: ast.Call) -> str | None:
    """The module that ``import_module(name, package)`` loads, when the name is
    written out; a relative name (``".x"``) is read from ``package``: a literal,
    or ``__package__`` (the module's own package)."""
    name = call.args[0]
    if not isinstance(name, ast.Constant) or not isinstance(name.value, str):
        return None
    if not name.value.startswith(".") or _callee(call) != "import_module":
        return name.value
    given = call.args[1] if len(call.args) > 1 else None
    given = next((k.value for k in call.keywords if k.arg == "package"), given)
    if isinstance(given, ast.Constant) and isinstance(given.value, str):
        return relative(given.value, name.value)
    if isinstance(given, ast.Name) and given.id == "__package__":
        return relative(package_of(module), name.value)
    return None


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


def base_name(base: ast.expr) -> str | None:
    """The name a class base is written with (``Enum``, ``enum.Enum`` -> ``Enum``)."""
    if isinstance(base, ast.Name):
        return base.id
    if isinstance(base, ast.Attribute):
        return base.attr
    return None


@cache
def enum_classes() -> tuple[tuple[str, ast.ClassDef], ...]:
    """``(module, class)`` of every enum: a subclass of one of ``enum``'s classes,
    or of an enum defined in the package."""
    classes = [
        (module, node)
        for module in sources()
        for node in ast.walk(tree(module))
        if isinstance(node, ast.ClassDef)
    ]
    enums = set(ENUM_BASES)
    grown = True
    while grown:  # a subclass of an enum of the package is an enum too
        grown = False
        for _, node in classes:
            if node.name not in enums and any(base_name(b) in enums for b in node.bases):
                enums.add(node.name)
                grown = True
    return tuple(
        (module, node) for module, node in classes if any(base_name(b) in enums for b in node.bases)
    )


@cache
def bindings(module: str) -> Mapping[str, str]:
    """What each name an import binds in ``module`` stands for: ``"a.b"`` for a
    module, ``"a.b:name"`` for a name read from one."""
    known = sources()
    bound: dict[str, str] = {}
    for node in ast.walk(tree(module)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname:
                    bound[alias.asname] = alias.name
                else:
                    bound[alias.name.split(".")[0]] = alias.name.split(".")[0]
        elif isinstance(node, ast.ImportFrom):
            base = from_base(module, node)
            for alias in node.names:
                full = f"{base}.{alias.name}"
                bound[alias.asname or alias.name] = (
                    full if full in known else f"{base}:{alias.name}"
                )
    return bound


@cache
def assignments(module: str) -> Mapping[str, ast.expr]:
    """The module-level ``NAME = value`` of ``module``."""
    found: dict[str, ast.expr] = {}
    for node in tree(module).body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target, value = node.targets[0], node.value
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            target, value = node.target, node.value
        else:
            continue
        if isinstance(target, ast.Name):
            found[target.id] = value
    return found


def constant(module: str, node: ast.expr, depth: int = 0) -> object:
    """The value of ``node`` in ``module`` when it is a literal or a module-level
    constant, followed through imports (``gathering.SHUFFLING``); None otherwise."""
    if depth > 8:
        return None
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.Name):
        if node.id in assignments(module):
            return constant(module, assignments(module)[node.id], depth + 1)
        owner, _, name = bindings(module).get(node.id, "").partition(":")
        if name and owner in sources():
            return constant(owner, ast.Name(name), depth + 1)
        return None
    if isinstance(node, ast.Attribute):
        path: list[str] = []
        value: ast.expr = node.value
        while isinstance(value, ast.Attribute):
            path.insert(0, value.attr)
            value = value.value
        if isinstance(value, ast.Name) and value.id in bindings(module):
            owner = ".".join([bindings(module)[value.id], *path])
            if owner in sources():
                return constant(owner, ast.Name(node.attr), depth + 1)
    return None


def members(module: str, node: ast.ClassDef) -> Mapping[str, object]:
    """An enum's members by name, each with its value where the source says it
    (None for ``auto()`` and other computed values)."""
    found: dict[str, object] = {}
    for item in node.body:
        if isinstance(item, ast.Assign) and len(item.targets) == 1:
            target, value = item.targets[0], item.value
        elif isinstance(item, ast.AnnAssign) and item.value is not None:
            target, value = item.target, item.value
        else:
            continue
        if isinstance(target, ast.Name) and not target.id.startswith("_"):
            found[target.id] = constant(module, value)
    return found


def the_phase() -> Mapping[str, object]:
    """The members of ``table.state.Phase``, read from its source."""
    module, name = THE_PHASE
    (node,) = [n for m, n in enum_classes() if (m, n.name) == THE_PHASE]
    return members(module, node)


def phase_like_enums() -> list[str]:
    """Every enum besides ``Phase`` that is another phase of a coup: it shares a
    member's value or name with ``Phase`` (``BETS_OPEN = "bets_open"``), or its
    name says so (``...Phase``, ``...Stage``, ``...Step``), each with the reason."""
    phase = the_phase()
    values = {v for v in phase.values() if v is not None}
    found = []
    for module, node in enum_classes():
        if (module, node.name) == THE_PHASE:
            continue
        mine = members(module, node)
        reasons = [f"named {node.name!r}" for w in PHASE_WORDS if w in node.name][:1]
        if shared := sorted(str(v) for v in values if v in mine.values()):
            reasons.append(f"values {shared}")
        if shared := sorted(set(mine) & set(phase)):
            reasons.append(f"members {shared}")
        if reasons:
            found.append(f"{module}.{node.name} (line {node.lineno}): {', '.join(reasons)}")
    return sorted(found)


# -- the checks --------------------------------------------------------------------


def test_the_graph_reads_every_kind_of_import() -> None:
    """The reader itself: function-level, ``TYPE_CHECKING``, relative and
    from-package imports are edges (what the checks below rely on)."""
    edges = graph()
    assert len(edges) > 50
    # ``store/__init__.py`` opens a backend inside a function.
    assert any(is_backend(t) for t in edges[STORE])
    # ``from puntobanco.engine import X`` depends on the package's ``__init__``.
    assert "puntobanco.engine" in edges["puntobanco.assist"]
    # ``puntobanco/__init__.py`` reads its tables' module only when asked for one.
    assert "puntobanco.games" in edges[ROOT]


def test_a_relative_import_by_name_is_resolved() -> None:
    def target(module: str, code: str) -> str | None:
        call = ast.parse(code).body[0]
        assert isinstance(call, ast.Expr) and isinstance(call.value, ast.Call)
        return _named_import(module, call.value)

    assert target("puntobanco.web.app", 'importlib.import_module(".ws", "puntobanco.web")') == (
        "puntobanco.web.ws"
    )
    assert target("puntobanco.web.app", 'import_module("..store", __package__)') == (
        "puntobanco.store"
    )
    assert target("puntobanco.tui", 'import_module(".app", package=__package__)') == (
        "puntobanco.tui.app"
    )
    assert target("puntobanco.cli", 'import_module("puntobanco.cli.play")') == "puntobanco.cli.play"


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
    assert set(the_phase().values()) == PHASE_VALUES, "the reader no longer reads Phase"
    others = phase_like_enums()
    assert not others, "phase enums besides puntobanco.table.state.Phase:\n" + "\n".join(others)


def test_the_terminal_game_asks_the_engine_not_the_phase() -> None:
    """The screens follow what the engine accepts (its ``commands``, its named
    errors), never a phase they read themselves (STYLE: front-ends never
    re-derive legality from the phase)."""
    named = [
        f"{module} (line {node.lineno})"
        for module in sources()
        if within(module, "puntobanco.tui")
        for node in ast.walk(tree(module))
        if (isinstance(node, ast.Name) and node.id == "Phase")
        or (isinstance(node, ast.Attribute) and node.attr in ("Phase", "phase"))
        or (isinstance(node, ast.alias) and node.name == "Phase")
    ]
    assert not named, f"the terminal game reads the table's phase: {named}"


#: The layers of the package (``docs/engine.md``, "How the package is layered"),
#: by module or package; a module not listed is in the core.
LAYERS: Final[Mapping[str, str]] = {
    "puntobanco.sim": "sim",
    "puntobanco.table": "table",
    # The fair-shoe scheme is one package, its parts at their layers: the scheme
    # and the players' contributions are of the core (``fair``,
    # ``fair.contributions``); what reads a table's events or config is of the
    # table's (the window of contributions, the fair shoes of a log, the checks of
    # its contributions, a screen's own check of the shoes it showed); a
    # front-end's device for its seats drives the engine.
    "puntobanco.fair.gathering": "table",
    "puntobanco.fair.log": "table",
    "puntobanco.fair.checks": "table",
    "puntobanco.fair.witness": "table",
    "puntobanco.fair.contributor": "engine",
    "puntobanco.store": "store",
    "puntobanco.engine": "engine",
    "puntobanco.games": "library",
    **dict.fromkeys(FRONT_ENDS, "front-end"),
    "puntobanco.__main__": "front-end",
}
#: What each layer may import besides itself: only downwards. The front-ends may
#: read the table's types (events, the state, the codec...) but drive a table
#: only through the engine (checked above).
BELOW: Final[Mapping[str, frozenset[str]]] = {
    "core": frozenset(),
    "sim": frozenset({"core"}),
    "table": frozenset({"core"}),
    "store": frozenset({"core", "table"}),
    "engine": frozenset({"core", "table", "store"}),
    "library": frozenset({"core", "table", "store", "engine"}),
    "front-end": frozenset({"core", "sim", "table", "store", "engine", "library"}),
}


def layer(module: str) -> str:
    """The layer of ``module``: its own entry in ``LAYERS`` or its package's; the
    package's ``__init__`` (the Python API's ``puntobanco.Session``...) is the library's."""
    if module == ROOT:
        return "library"
    found = [prefix for prefix in LAYERS if within(module, prefix)]
    return LAYERS[max(found, key=len)] if found else "core"


def test_layers_import_only_downwards() -> None:
    """The core imports no table, store, engine or front-end; the table imports no
    store, engine or front-end; and so on up: the picture of ``docs/engine.md``."""
    edges = graph()
    assert layer("puntobanco.table.machine.core") == "table" and layer("puntobanco.cards") == "core"
    upwards = [
        f"{module} ({layer(module)}) imports {target} ({layer(target)}, line {line})"
        for module, targets in edges.items()
        for target, line in targets.items()
        if layer(target) != layer(module) and layer(target) not in BELOW[layer(module)]
    ]
    assert not upwards, "imports against the layering:\n" + "\n".join(upwards)


# -- one table service: the front-ends show what the engine decides -------------------------

#: The modules that hold a table's state and rules, and the engine's own view builder:
#: the engine and the library read them; a front-end that did would decide for itself
#: who may send what, what is legal now, or what a viewer sees.
TABLE_INSIDES: Final = (
    "puntobanco.table.state",
    "puntobanco.table.formats",
    "puntobanco.table.machine",
    "puntobanco.table.seating",
    "puntobanco.fair.gathering",
    "puntobanco.table.turning",
    "puntobanco.engine.views",
    "puntobanco.engine.commands",
)
#: What a front-end asks the engine (``engine.can``, ``engine.verify``), never the
#: state machine: its ``can_x``/``verify_x`` and transition table, a table's phase
#: or its rules.
DECIDING: Final = re.compile(r"^(can_\w+|verify_\w+|allows|phase|rules|face_down)$")
FRONT_END_PACKAGES: Final = ("puntobanco.web", "puntobanco.tui", "puntobanco.cli")


def deciding(module: str) -> list[str]:
    """What ``module`` reads that would decide permissions, legality or views."""
    found = [
        f"imports {target} (line {line})"
        for target, line in graph()[module].items()
        if any(within(target, inside) for inside in TABLE_INSIDES)
    ]
    modules = {n for n, bound in bindings(module).items() if bound in sources()}
    for node in ast.walk(tree(module)):
        if isinstance(node, ast.Attribute) and DECIDING.match(node.attr):
            if isinstance(node.value, ast.Name) and node.value.id in modules:
                continue  # a module's function (``fair.verify_shoe``), not a table's
            found.append(f".{node.attr} (line {node.lineno})")
        elif isinstance(node, ast.Name) and node.id in ("Phase", "Role"):
            found.append(f"{node.id} (line {node.lineno})")
    return found


def test_no_front_end_decides_permissions_legality_or_views() -> None:
    """The web, the terminal game and the command line carry commands to the engine
    and show its views: who may send what, what is legal now and what a viewer sees
    are the engine's (``Engine.do``, ``Engine.view``'s ``commands``)."""
    assert deciding("puntobanco.engine.views"), "the reader no longer finds a decision"
    wrong = [
        f"{module}: {what}"
        for module in sources()
        if any(within(module, front) for front in FRONT_END_PACKAGES)
        for what in deciding(module)
    ]
    assert not wrong, "\n".join(wrong)


#: Where a format may be named: its record (``table.formats``: its rules and its
#: preset, which the table-creation schema reads), ``TableConfig``'s shorthands
#: (``table.config``), and the Python API's facades, one class per format that only
#: opens its table (``games``); everywhere else behaviour comes from the record's fields.
FORMAT_NAMERS: Final = (
    "puntobanco.table.formats",
    "puntobanco.table.config",
    "puntobanco.games",
)
FORMAT_NAMES: Final = frozenset({"session", "casino", "croupier", "assist", "classroom"})
#: A page's test of a format's name (``v.format === "session"``, ``fmt !== "casino"``),
#: a format written into a page (``value="croupier"``), or a class kept for one
#: (``only-session``): the pages read a format's rules, never its name.
PAGE_FORMAT: Final = re.compile(
    r"""(?:format|fmt)[\w.\])]*\s*[!=]==?\s*["'](?:session|casino|croupier|assist|classroom)["']"""
    r"""|value=["']?(?:session|casino|croupier|assist|classroom)\b|only-(?:session|casino|croupier|assist|classroom)"""
)


def naming_formats(module: str) -> list[str]:
    """Where ``module`` names a format: ``Format.CASINO``, or a comparison of a format's
    name with something that reads a format (``fmt == "session"``)."""
    found = []
    for node in ast.walk(tree(module)):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id == "Format"
            and node.attr.isupper()
        ):
            found.append(f"Format.{node.attr} (line {node.lineno})")
        elif isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            named = [s for s in sides if isinstance(s, ast.Constant) and s.value in FORMAT_NAMES]
            reads = any("format" in ast.unparse(s) or "fmt" in ast.unparse(s) for s in sides)
            if named and reads:
                found.append(f"{ast.unparse(node)} (line {node.lineno})")
    return found


def test_nothing_names_a_format_but_its_record_and_the_creation_schema() -> None:
    """Behaviour comes from the format's record (``rules.countdown``,
    ``rules.hidden_bets``...), never from its name: adding a format is a record and
    its words."""
    assert naming_formats("puntobanco.table.formats"), "the reader no longer finds a name"
    wrong = [
        f"{module}: {what}"
        for module in sources()
        if module not in FORMAT_NAMERS
        for what in naming_formats(module)
    ]
    pages = SRC / "web" / "static"
    wrong += [
        f"{path.name}: {match[0]}"
        for path in sorted([*pages.glob("*.js"), *pages.glob("*.html")])
        for match in PAGE_FORMAT.finditer(path.read_text(encoding="utf-8"))
    ]
    assert not wrong, "\n".join(wrong)


@cache
def project_classes() -> Mapping[str, tuple[str, tuple[str, ...]]]:
    """Every class of the package by name: its module and the names of its bases."""
    found: dict[str, tuple[str, tuple[str, ...]]] = {}
    for module in sources():
        for node in ast.walk(tree(module)):
            if isinstance(node, ast.ClassDef):
                bases = tuple(b for b in map(base_name, node.bases) if b is not None)
                found.setdefault(node.name, (module, bases))
    return found


def project_ancestors(name: str) -> set[str]:
    """The package's own classes that ``name`` stands on, near and far."""
    classes = project_classes()
    seen: set[str] = set()
    todo = list(classes[name][1])
    while todo:
        base = todo.pop()
        if base in classes and base not in seen and base != name:
            seen.add(base)
            todo.extend(classes[base][1])
    return seen


#: The most of the package's own classes one class may stand on (STYLE: composition,
#: not chains of mixins whose links read each other's state).
MAX_PROJECT_BASES: Final = 2


def test_no_class_stands_on_more_than_two_of_the_package_s_classes() -> None:
    classes = project_classes()
    assert project_ancestors("SchemaError") >= {"MessageError", "PuntoBancoError"}
    tall = {
        f"{module}.{name}": sorted(project_ancestors(name))
        for name, (module, _) in classes.items()
        if len(project_ancestors(name)) > MAX_PROJECT_BASES
    }
    assert not tall, f"classes on more than {MAX_PROJECT_BASES} of the package's classes: {tall}"


@cache
def own_names(module: str) -> frozenset[str]:
    """The private names ``module`` defines: its functions, classes and assignments, and
    the attributes its code assigns (``self._x = ...``) or declares in a class body."""
    names: set[str] = set()
    for node in ast.walk(tree(module)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            names.add(node.attr)
        elif isinstance(node, ast.arg):
            names.add(node.arg)
    return frozenset(n for n in names if n.startswith("_") and not n.startswith("__"))


def foreign_private_names(module: str) -> list[str]:
    """The private names of another module of the package that ``module`` uses: read
    from it (``from x import _y``) or off an object (``thing._y``) where ``module``
    defines no such name (``self`` and ``super()`` are its own)."""
    everywhere = frozenset().union(*(own_names(m) for m in sources()))
    mine = own_names(module)
    found = []
    for node in ast.walk(tree(module)):
        if isinstance(node, ast.ImportFrom) and from_base(module, node).startswith(ROOT):
            found += [
                f"from {from_base(module, node)} import {a.name} (line {node.lineno})"
                for a in node.names
                if a.name.startswith("_") and not a.name.startswith("__")
            ]
        elif isinstance(node, ast.Attribute) and node.attr.startswith("_"):
            name, owner = node.attr, node.value
            if name.startswith("__") or name in mine or name not in everywhere:
                continue
            if isinstance(owner, ast.Name) and owner.id in ("self", "cls"):
                continue
            if isinstance(owner, ast.Call) and ast.unparse(owner.func) == "super":
                continue
            found.append(f"{ast.unparse(node)} (line {node.lineno})")
    return found


def test_no_module_uses_another_module_s_private_names() -> None:
    """A module's ``_private`` names are its own: the others go through its interface."""
    wrong = [f"{module}: {what}" for module in sources() for what in foreign_private_names(module)]
    assert not wrong, "\n".join(wrong)
