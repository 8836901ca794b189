#!/usr/bin/env python3
"""Move messages written the old way into puntobanco's gettext catalogue.

Before the catalogue moved to gettext files, each area of puntobanco kept its
messages in a Python module of ``Message(en, fr, es)`` tuples: a ``MESSAGES``
dict in ``src/puntobanco/i18n/<area>.py`` (``cli.py`` also had ``ARGPARSE``,
``ARGPARSE_PLURAL`` and ``METAVARS``), registered in ``AREAS``. A branch that
still adds messages that way is moved in with this script when it is merged;
run it from the repository's root with the development environment's Python
(Babel comes with the ``test`` extra).

A new area module (``i18n/host.py``, say)::

    python tools/po_from_messages.py src/puntobanco/i18n/host.py

adds each of its messages to ``src/puntobanco/i18n/locale/puntobanco.pot``
(the English) and to the French and Spanish ``.po`` files; then delete the
module and drop its name from the branch's ``AREAS``. An area module that both
branches changed (git says "deleted by us, modified by them") is given with
its version from where the branches parted, so that only what the other
branch added, changed or removed moves in and nothing done here is undone::

    base=$(git merge-base HEAD host)
    git show "$base":src/puntobanco/i18n/web.py > /tmp/web-base.py
    git show host:src/puntobanco/i18n/web.py > /tmp/web-host.py
    python tools/po_from_messages.py --base /tmp/web-base.py /tmp/web-host.py

``--dry-run`` prints what would change and writes nothing. Afterwards run
``pytest tests/test_catalogue.py tests/test_i18n.py``: the loader compiles the
changed catalogue on its next start.

What each message becomes: the key as ``msgctxt``, the English as ``msgid``,
the translations as ``msgstr``; translator comments (``#.``) from the module's
docstring, the comments above the message and a glossary of the placeholders'
names; the source files that name the key as references (``#:``). The old
``{n:plural:one|other}`` spec becomes a gettext plural entry whose context
names its count (``KEY#n``); a message with several counts gets one entry per
count (``KEY.n#n``, shown where the message has ``{n}``). The French receives
its typography: a narrow no-break space before ``; ! ?``, a no-break space
before ``: %`` and inside ``« »``. A message that cannot be moved as it is
(a count whose number and word are apart in a message with several counts) is
named, and nothing is written.
"""

from __future__ import annotations

import argparse
import ast
import io
import re
import string
import sys
import tokenize
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po, write_po

from puntobanco.i18n import build

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src"
LANGS = ("en", "fr", "es")
TRANSLATED = ("fr", "es")
#: The dicts of an old area module, and the context each one's entries get.
TABLES = ("MESSAGES", "ARGPARSE", "ARGPARSE_PLURAL", "METAVARS")
ARGPARSE = "argparse"
METAVAR = "metavar."
NNBSP = "\u202f"
NBSP = "\u00a0"
#: What a translator needs to know about a placeholder, by its name.
GLOSSARY: dict[str, str] = {
    "a": "a column's number (from 1)",
    "action": "the name of a saved action, as written in the file",
    "address": "a network address (host:port)",
    "after": "the balance after the coup",
    "allowed": "the list of the accepted names",
    "amount": "an amount of money or points, already written as the language writes numbers",
    "announce": "the coup's result, a sentence of its own",
    "available": "the amount still free to bet",
    "b": "a column's number (from 1)",
    "balance": "a player's balance, already written as the language writes amounts",
    "banco": "Banco's total (0 to 9)",
    "banco_cards": "Banco's cards (4♥ 10♦)",
    "bankroll": "the bankroll that was given",
    "before": "the balance before the coup",
    "bet": "a bet's name, in a column",
    "bets": "a player's bets, in a column",
    "box": "a box's or a side bet's name (Punto, Banco, Égalité, Punto pair...)",
    "burned": "how many cards were burned face down (unknown to the room)",
    "c": "a column's number (from 1)",
    "card": "a card as the screen writes it (4♥, 10♦)",
    "cards": "cards as the screen writes them (4♥ 10♦), or their number",
    "char": "the refused character",
    "checked": "the numbers of the shoes checked",
    "choices": "the list of the accepted names",
    "chunk": "the number of coups per chunk that was given",
    "ci": "a confidence interval, in a column",
    "client": "a client seed (text)",
    "code": "a table's join code",
    "col": "a column's number (from 1)",
    "colour": "the word red or blue (roads.colour.*)",
    "column": "the point value of Punto's third card (a column of the Banco table)",
    "command": "a command's name (deal, bet...)",
    "commitment": "a shoe's commitment (hexadecimal SHA-256)",
    "count": "a number of things or times",
    "coup": "a coup's number",
    "coups": "a number of coups",
    "cut_card": "the cut card's position that was given",
    "db": "the game log's file name or URL",
    "deals": "the number of deals of the session",
    "dealt": "the number of cards dealt",
    "decks": "a number of decks (1 to 8)",
    "default": "the default value",
    "description": "a paytable's description (paytable.*)",
    "dest": "the copy's file name",
    "detail": "a technical detail, in English (from SQLite or the system)",
    "edge": "a house edge, in a column",
    "error": "the refusal, a sentence of its own",
    "event": "the type of an event of the log (as the log writes it, e.g. ContributionRevealed)",
    "events": "a number of events",
    "exact": "the exact figure, in a column",
    "excluded": "how many seats committed but did not reveal in time",
    "expected": "the value that was expected",
    "extra": "the name of an optional part (sim, web...)",
    "field": "the name of a field of a message or a file",
    "fixed": "the fixed number of points of a prediction",
    "folder": "a folder's path",
    "format": "a table format's name (session, casino, croupier)",
    "formats": "the list of the accepted file formats",
    "forms": "examples of cards as one types them (4h, 10d, Qs)",
    "found": "the value found",
    "freq": "a frequency, in a column",
    "given": "the number of cards given",
    "ha": "a column's height",
    "hand": "Punto or Banco",
    "hb": "a column's height",
    "head": "the chain head (hexadecimal hash)",
    "hidden": "the numbers of the shoes not revealed yet",
    "high": "the highest accepted value",
    "i": "a mark's number (from 1)",
    "key": "a name: of a key of the keyboard, or of a setting",
    "known": "the version this puntobanco knows",
    "left": "a number of cards left",
    "length": "a number of characters",
    "limit": "a number of bytes",
    "line": "a line's number in a file",
    "low": "the lowest accepted value",
    "mark": "a mark of the roads (a letter or a symbol)",
    "marks": "a road column's marks, already in words (web.ui.host.road.run)",
    "maximum": "a maximum",
    "message": "an error, a sentence of its own",
    "minimum": "a minimum",
    "missing": "the name of the missing module",
    "mode": "the game's mode (tui.mode.*)",
    "module": "the name of the missing Python module",
    "more": "the number of cards still needed",
    "n": "a number",
    "name": "a name (of a player, a paytable, a strategy or a setting)",
    "to": "the player the shoe goes to (the next occupied seat)",
    "holder": "the player who holds them (Punto's cards, or the shoe)",
    "names": "a list of names, already joined",
    "needed": "the number of cards needed",
    "net": "a net win or loss",
    "next": "the number of the next shoe",
    "nonce": "a shoe's nonce (a number)",
    "offered": "the list of what the table offers",
    "offset": "a byte's position in the file",
    "option": "a command-line option (--db)",
    "origin": "a web page's origin (https://host)",
    "other": "another command-line option",
    "outcome": "Punto, Banco or Égalité",
    "own": "a hash (hexadecimal)",
    "p": "a column's height",
    "partial": "a number of shoes cut short",
    "path": "a file's path",
    "paytable": "a paytable's name",
    "per_coup": "a figure per coup, in a column",
    "per_shoe": "a figure per shoe, in a column",
    "player": "a player's name, in a column",
    "players": "the players' names, already joined",
    "position": "a card's position",
    "prev": "a hash (hexadecimal)",
    "probability": "a probability, in a column",
    "problem": "what is wrong, in English (from the validator)",
    "punto": "Punto's total (0 to 9)",
    "punto_cards": "Punto's cards (4♥ 10♦)",
    "q05": "a quantile, in a column",
    "q50": "a quantile, in a column",
    "q95": "a quantile, in a column",
    "rank": "a card's rank: its word (web.ui.rank.*) or its number",
    "rate": "a number per second",
    "reason": "why, a sentence of its own or a technical detail",
    "removed": "the cards taken out, with their own words (odds.removed), or nothing",
    "result": "a mark's colour or a coup's winner, in words",
    "revealed": "how many contributions were revealed",
    "road": "a road's name (roads.*)",
    "role": "a role (host, player)",
    "row": "a row's number (from 1)",
    "ruin": "a probability of ruin, in a column",
    "schemes": "the accepted forms of URL",
    "sd_shoe": "a standard deviation per shoe, in a column",
    "seat": "a seat's number",
    "seats": "a number of seats",
    "seconds": "a number of seconds, already written as the language writes numbers",
    "seed": "a seed (a number or a text)",
    "seen": "how many cards the room has seen",
    "seq": "an event's number in the log",
    "setting": "the name of a table setting, as the log writes it",
    "shoe": "a shoe's number",
    "shoes": "a number of shoes, or a list of shoe numbers",
    "shown": "the commitment shown (hexadecimal)",
    "size": "the number of cards of the shoe",
    "stake": "a stake, already written as the language writes numbers",
    "suit": "a suit's name (web.ui.suit.*)",
    "table": "a table's name",
    "tables": "a number of tables, or the list of their names",
    "text": "what the person typed",
    "tie": "what Égalité pays for 1",
    "time": "a date and time (ISO 8601)",
    "token": "what the person typed",
    "total": "a hand's total (0 to 9), or a number of sequences",
    "tries": "a number of tries",
    "two": "the total of the first two cards",
    "unit": "the betting unit",
    "url": "a URL",
    "used": "the number of cards used",
    "user": "a system user's name",
    "value": "the value that was given",
    "wal": "a file's path",
    "what": "a sentence of its own",
    "where": "where the setting was read: a file's path or a variable's name",
    "winner": "Punto, Banco or Égalité",
    "workers": "the number of processes that was given",
    "z": "a z-score, in a column",
    "zero": "an amount of zero, written as the language writes it",
}


@dataclass(frozen=True)
class Old:
    """One message of an old module: its texts by language, and the comments above it."""

    key: str
    table: str
    texts: tuple[object, object, object]
    comments: tuple[str, ...] = ()


@dataclass
class Entry:
    """One gettext entry, in the three languages."""

    context: str
    english: tuple[str, ...]  # (msgid,) or (msgid, msgid_plural)
    translations: dict[str, tuple[str, ...]]  # msgstr or msgstr[i] by language
    comments: list[str] = field(default_factory=list)
    locations: list[str] = field(default_factory=list)
    flags: set[str] = field(default_factory=set)


class ConversionError(Exception):
    """A message this script cannot move as it is."""


# -- reading an old module ---------------------------------------------------


def read_module(path: Path) -> tuple[str, dict[str, Old]]:
    """The module's docstring and its messages by (dict name, key)."""
    text = path.read_text("utf-8")
    tree = ast.parse(text)
    comments = _comment_lines(text)
    found: dict[str, Old] = {}
    for node in tree.body:
        target, value = _assignment(node)
        if target not in TABLES:
            continue
        if isinstance(value, ast.Dict):
            pairs = list(zip(value.keys, value.values, strict=True))
        elif isinstance(value, ast.Call) and target == "MESSAGES" and isinstance(node, ast.Assign):
            pairs = [(node.targets[0].slice, value)]  # type: ignore[attr-defined]
        else:
            continue
        previous = pairs[0][0].lineno - 1 if pairs and pairs[0][0] is not None else node.lineno
        previous = min(previous, node.lineno)
        for key_node, value_node in pairs:
            if not isinstance(key_node, ast.Constant) or not isinstance(value_node, ast.Call):
                raise ConversionError(f"{path}:{node.lineno}: {target} is not a dict of M(...)")
            key = str(key_node.value)
            texts = tuple(ast.literal_eval(arg) for arg in value_node.args)
            if len(texts) != 3:
                raise ConversionError(f"{path}: {key!r} does not have three languages")
            above = tuple(
                comments[n] for n in range(previous + 1, key_node.lineno) if n in comments
            )
            found[f"{target}:{key}"] = Old(key, target, (texts[0], texts[1], texts[2]), above)
            previous = value_node.end_lineno or value_node.lineno
    return ast.get_docstring(tree) or "", found


def _assignment(node: ast.stmt) -> tuple[str | None, ast.expr | None]:
    """(the dict's name, what goes into it) for ``T = {...}``, ``T: dict[...] = {...}``,
    ``T.update({...})``, ``T |= {...}`` and ``T["key"] = M(...)``."""
    if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
        return node.target.id, node.value
    if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name):
        return node.targets[0].id, node.value
    if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Subscript):
        target = node.targets[0].value
        return (target.id, node.value) if isinstance(target, ast.Name) else (None, None)
    if isinstance(node, ast.AugAssign) and isinstance(node.target, ast.Name):
        return node.target.id, node.value
    if (
        isinstance(node, ast.Expr)
        and isinstance(node.value, ast.Call)
        and isinstance(node.value.func, ast.Attribute)
        and node.value.func.attr == "update"
        and isinstance(node.value.func.value, ast.Name)
        and len(node.value.args) == 1
    ):
        return node.value.func.value.id, node.value.args[0]
    return None, None


def _comment_lines(text: str) -> dict[int, str]:
    """Whole-line comments by line number (``# fmt: skip`` and the like left out)."""
    lines = text.splitlines()
    out: dict[int, str] = {}
    for token in tokenize.generate_tokens(io.StringIO(text).readline):
        if token.type != tokenize.COMMENT:
            continue
        row, col = token.start
        if lines[row - 1][:col].strip() or token.string.startswith(("# fmt:", "# noqa")):
            continue
        out[row] = token.string.lstrip("#").strip()
    return out


# -- turning a message into entries -------------------------------------------

Piece = tuple[str, str | None, str | None, str | None]


def _pieces(text: str) -> list[Piece]:
    return list(string.Formatter().parse(text))


def _join(pieces: Iterable[Piece]) -> str:
    out = []
    for literal, name, spec, conversion in pieces:
        out.append(literal.replace("{", "{{").replace("}", "}}"))
        if name is not None:
            out.append("{" + name + (f"!{conversion}" if conversion else ""))
            out.append((f":{spec}" if spec else "") + "}")
    return "".join(out)


def _counts(text: str) -> list[str]:
    names = []
    for _, name, spec, _ in _pieces(text):
        if name and spec and spec.startswith("plural:") and name not in names:
            names.append(name)
    return names


def _choose(text: str, form: int) -> str:
    """``text`` with each ``{n:plural:a|b}`` replaced by its form ``form`` (0 or 1)."""
    out: list[Piece] = []
    for literal, name, spec, conversion in _pieces(text):
        if name and spec and spec.startswith("plural:"):
            forms = spec.removeprefix("plural:").split("|")
            out.append((literal + forms[min(form, len(forms) - 1)], None, None, None))
        else:
            out.append((literal, name, spec, conversion))
    return _join(out)


def _forms(text: str, lang: str) -> tuple[str, ...]:
    """The gettext forms of an old text in ``lang``'s order of CLDR categories."""
    tags = build.plural_tags(lang)
    # The old rule: the singular form for CLDR's "one", the plural for the rest.
    return tuple(_choose(text, 0 if tag == "one" else 1) for tag in tags)


def _split(text: str, count: str) -> tuple[str, str]:
    """(the text with ``{count}`` where its number and word were, the part: its number,
    the words up to its plural word, and that word)."""
    pieces = _pieces(text)
    starts = [i for i, p in enumerate(pieces) if p[1] == count]
    numbers = [i for i in starts if not (pieces[i][2] or "").startswith("plural:")]
    words = [i for i in starts if (pieces[i][2] or "").startswith("plural:")]
    if len(numbers) == 1 and len(words) <= 1:
        first = numbers[0]
        last = words[0] if words else first
        if last >= first and all(pieces[i][1] is None for i in range(first + 1, last)):
            literal, name, spec, conversion = pieces[first]
            part = _join([("", name, spec, conversion), *pieces[first + 1 : last + 1]])
            rest = [*pieces[:first], (literal, count, None, None), *pieces[last + 1 :]]
            return _join(rest), part
    raise ConversionError(
        f"{count!r} in {text!r}: in a message with several counts, each count's number "
        "must come once, before its word ({n:,} {n:plural:coup|coups}); split it by hand"
    )


def entries_of(old: Old) -> list[Entry]:
    """The gettext entries of one old message."""
    if old.table == "ARGPARSE_PLURAL":
        en, fr, es = (tuple(str(x) for x in t) for t in old.texts)  # type: ignore[attr-defined]
        forms = {"fr": _argparse_forms(fr, "fr"), "es": _argparse_forms(es, "es")}
        return [Entry(ARGPARSE, en, forms, flags={"python-format"})]
    texts = {lang: str(text) for lang, text in zip(LANGS, old.texts, strict=True)}
    if old.table == "ARGPARSE":
        english = (old.key,)
        flags = {"python-format"} if "%" in old.key else set()
        return [
            Entry(ARGPARSE, english, {lang: (texts[lang],) for lang in TRANSLATED}, [], [], flags)
        ]
    if old.table == "METAVARS":
        english = (texts["en"],)
        return [Entry(METAVAR + old.key, english, {lang: (texts[lang],) for lang in TRANSLATED})]
    counts = []
    for lang in LANGS:
        counts += [c for c in _counts(texts[lang]) if c not in counts]
    if not counts:
        return [Entry(old.key, (texts["en"],), {lang: (texts[lang],) for lang in TRANSLATED})]
    if len(counts) == 1 and all(counts == _counts(texts[lang]) for lang in LANGS):
        (count,) = counts
        return [_plural_entry(f"{old.key}#{count}", texts)]
    # Several counts: the message keeps {count} where each count's words were,
    # and each count gets an entry of its own.
    main = dict(texts)
    out = []
    for count in counts:
        parts = {}
        for lang in LANGS:
            main[lang], parts[lang] = _split(main[lang], count)
        out.append(_plural_entry(f"{old.key}.{count}#{count}", parts))
    return [Entry(old.key, (main["en"],), {lang: (main[lang],) for lang in TRANSLATED}), *out]


def _plural_entry(context: str, texts: dict[str, str]) -> Entry:
    return Entry(
        context,
        (_choose(texts["en"], 0), _choose(texts["en"], 1)),
        {lang: _forms(texts[lang], lang) for lang in TRANSLATED},
    )


def _argparse_forms(forms: tuple[str, ...], lang: str) -> tuple[str, ...]:
    return tuple(forms[0 if tag == "one" else 1] for tag in build.plural_tags(lang))


# -- French typography -------------------------------------------------------

#: What typography leaves alone: placeholders ({name!r:>8}) and printf directives (%(prog)s).
_PROTECTED = re.compile(r"\{[^{}]*\}|%\([a-z_]+\)[sdr]|%[sdr%]")


def french(text: str) -> str:
    """French typography outside placeholders: narrow no-break space before ``; ! ?``,
    no-break space before ``:`` and ``%`` and inside ``« »``.

    >>> french("Erreur : {x} ; « {y} » ? 5% !")
    'Erreur\\xa0: {x}\\u202f; «\\xa0{y}\\xa0»\\u202f? 5\\xa0%\\u202f!'
    """
    out = []
    last = 0
    for match in _PROTECTED.finditer(text):
        out.append(_french_literal(text[last : match.start()]))
        out.append(match.group())
        last = match.end()
    out.append(_french_literal(text[last:]))
    return "".join(out)


def _french_literal(text: str) -> str:
    text = re.sub(r"[ \u00a0\u202f]+([;!?])", NNBSP + r"\1", text)
    text = re.sub(r"[ \u00a0\u202f]+([:%])", NBSP + r"\1", text)
    text = re.sub(r"(?<=\d)%", NBSP + "%", text)
    text = re.sub(r"«[ \u00a0\u202f]*", "«" + NBSP, text)
    return re.sub(r"[ \u00a0\u202f]*»", NBSP + "»", text)


# -- comments and references ---------------------------------------------------


def translator_comments(entry: Entry, docstring: str, comments: Iterable[str]) -> list[str]:
    """What the translator reads above the entry: the area, the comments above the
    old message, what each placeholder is, and what the entry agrees with."""
    lines = []
    area = " ".join(docstring.split("\n\n")[0].split()).replace("``", "")
    if area:
        lines.append(f"Area: {area}")
    lines += comments
    names: list[str] = []
    quoted: list[str] = []
    widths: list[str] = []
    texts = [*entry.english, *(t for forms in entry.translations.values() for t in forms)]
    for _, name, spec, conversion in (piece for text in texts for piece in _pieces(text)):
        if not name:
            continue
        if name not in names:
            names.append(name)
        if conversion == "r" and name not in quoted:
            quoted.append(name)
        if spec and re.fullmatch(r"[<>^]?\d+", spec) and name not in widths:
            widths.append(name)
    for name in names:
        what = GLOSSARY.get(name)
        if what:
            lines.append(f"{{{name}}}: {what}.")
    if quoted:
        shown = ", ".join(f"{{{n}}}" for n in quoted)
        lines.append(f"{shown}: shown between the language's quotes (format.quoted).")
    if widths:
        shown = ", ".join(f"{{{n}}}" for n in widths)
        lines.append(f"{shown}: a column of fixed width; keep the width.")
    if "#" in entry.context:
        key, count = entry.context.split("#")
        lines.append(f"The form agrees with {{{count}}}.")
        if key.endswith(f".{count}"):
            lines.append(f"Shown in {key.removesuffix('.' + count)} where it has {{{count}}}.")
    return lines


_KEY_LITERAL = re.compile(r"""["']([a-z][a-z0-9_]*(?:\.[A-Za-z0-9_.-]+)+)["']""")
_JS_WORD = re.compile(r"""\bw\(\s*["'`]([a-z0-9_.]+)["'`]""")
_HTML_WORD = re.compile(r"""data-i18n(?:-label)?="([a-z0-9_.]+)\"""")


def references(src: Path = SRC) -> dict[str, list[str]]:
    """The files of the package that name each key."""
    found: dict[str, set[str]] = {}
    package = src / "puntobanco"
    for path in sorted(package.rglob("*")):
        if path.suffix not in (".py", ".js", ".html") or path.parent.name == "i18n":
            continue
        text = path.read_text("utf-8")
        keys = set(_KEY_LITERAL.findall(text)) if path.suffix == ".py" else set()
        if path.suffix != ".py":
            keys |= {f"web.ui.{k}" for k in _JS_WORD.findall(text) + _HTML_WORD.findall(text)}
        for key in keys:
            found.setdefault(key, set()).add(str(path.relative_to(src)))
    return {key: sorted(paths) for key, paths in found.items()}


# -- the catalogue files -------------------------------------------------------


def _message_key(context: str | None) -> str | None:
    """The key an entry stands for (``error.coup.too_few#given`` -> ``error.coup.too_few``)."""
    return None if context is None else context.split("#")[0]


def _ident(message: Message) -> tuple[str | None, str | None]:
    """An entry's identity: its key, or (context, msgid) for argparse's words."""
    if message.context == ARGPARSE:
        msgid = message.id if isinstance(message.id, str) else message.id[0]
        return ARGPARSE, msgid
    return _message_key(message.context), None


def _entry_ident(entry: Entry) -> tuple[str | None, str | None]:
    if entry.context == ARGPARSE:
        return ARGPARSE, entry.english[0]
    return _message_key(entry.context), None


def load(lang: str, locale_dir: Path = build.LOCALE_DIR) -> Catalog:
    """The catalogue file of ``lang`` (the template for English); empty if there is none."""
    path = build.source(lang, locale_dir)
    if not path.exists():
        return new_catalog(lang)
    with path.open("rb") as handle:
        return read_po(handle, locale=None if lang == "en" else lang, domain=build.DOMAIN)


def save(catalog: Catalog, lang: str, locale_dir: Path = build.LOCALE_DIR) -> None:
    """Write ``lang``'s catalogue file as Babel writes it (``pybabel update`` keeps its form)."""
    path = build.source(lang, locale_dir)
    path.parent.mkdir(parents=True, exist_ok=True)
    out = io.BytesIO()
    write_po(out, catalog, width=76, include_lineno=False, omit_header=False)
    path.write_bytes(out.getvalue())


def to_message(entry: Entry, lang: str) -> Message:
    """The Babel message of ``entry`` in ``lang``'s file."""
    msgid: str | tuple[str, ...] = entry.english[0] if len(entry.english) == 1 else entry.english
    if lang == "en":
        text: str | tuple[str, ...] = "" if len(entry.english) == 1 else ("", "")
    else:
        forms = entry.translations[lang]
        text = forms[0] if len(entry.english) == 1 else forms
    message = Message(
        msgid,
        text,
        locations=[(path, None) for path in entry.locations],
        flags=sorted(entry.flags),
        auto_comments=entry.comments,
        context=entry.context,
    )
    return _printf_only_for_argparse(message)


def _printf_only_for_argparse(message: Message) -> Message:
    """Babel flags any "%" before a letter as printf ("95% interval"); only argparse's
    sentences are printf, the others are str.format's."""
    if message.context != ARGPARSE:
        message.flags.discard("python-format")
    return message


def apply(
    added: list[Entry],
    removed: list[tuple[str | None, str | None]],
    *,
    dry_run: bool,
    locale_dir: Path = build.LOCALE_DIR,
) -> list[str]:
    """Put ``added`` into the three files (in the place of the entries of the same key,
    or at the end) and take out the keys of ``removed``; what was done, a line each."""
    report: list[str] = []
    for lang in LANGS:
        catalog = load(lang, locale_dir)
        placed: set[tuple[str | None, str | None]] = set()
        messages: list[Message] = []
        for message in list(catalog)[1:]:
            ident = _ident(message)
            replacements = [e for e in added if _entry_ident(e) == ident]
            if ident in removed:
                _note(report, lang, f"removed {ident[0]}")
            elif not replacements:
                messages.append(message)
            elif ident not in placed:
                placed.add(ident)
                _note(report, lang, f"changed {ident[0]}")
                messages += [to_message(e, lang) for e in replacements]
        for entry in added:
            if _entry_ident(entry) not in placed:
                _note(report, lang, f"added {_entry_ident(entry)[0]}")
                messages.append(to_message(entry, lang))
        if not dry_run:
            save(_with(catalog, messages), lang, locale_dir)
    return report


def _note(report: list[str], lang: str, line: str) -> None:
    if lang == "en" and line not in report:
        report.append(line)


def _with(catalog: Catalog, messages: list[Message]) -> Catalog:
    fresh = new_catalog(catalog.locale_identifier if catalog.locale else "en", catalog)
    for message in messages:
        fresh.add(
            message.id,
            message.string,
            locations=message.locations,
            flags=message.flags,
            auto_comments=message.auto_comments,
            user_comments=message.user_comments,
            previous_id=message.previous_id,
            context=message.context,
        )
    for message in fresh:
        _printf_only_for_argparse(message)
    return fresh


HEADER = """\
# {title}
#
# The English is the template (puntobanco.pot): each entry's msgctxt is the
# key the code asks for, its msgid the English, and a plural entry's context
# names the number it agrees with (KEY#n). Edit the template to change the
# English, then bring the translations up to date and fill in what is new
# (from the repository's root; see the README's Translations):
# pybabel update -i src/puntobanco/i18n/locale/puntobanco.pot
# -d src/puntobanco/i18n/locale -D puntobanco -w 76
# tests/test_catalogue.py
# fails on a missing, empty or fuzzy translation and on placeholders that
# differ from the English. French typography: a narrow no-break space
# (U+202F) before ; ! ? and a no-break space (U+00A0) before : and % and
# inside « »; {{x!r}} is quoted as format.quoted says.
#"""


def new_catalog(lang: str, like: Catalog | None = None) -> Catalog:
    """An empty catalogue file of ``lang`` with puntobanco's header."""
    title = {
        "en": "English messages of puntobanco: the template of the translations.",
        "fr": "French messages of puntobanco.",
        "es": "Spanish messages of puntobanco.",
    }[lang]
    catalog = Catalog(
        locale=None if lang == "en" else lang,
        domain=build.DOMAIN,
        project="puntobanco",
        version="0.1.0",
        copyright_holder="the puntobanco authors",
        msgid_bugs_address="the puntobanco issue tracker",
        header_comment=HEADER.format(title=title),
        fuzzy=False,
    )
    catalog.language_team = {"en": "", "fr": "French", "es": "Spanish"}[lang]
    catalog.last_translator = "the puntobanco authors"
    if like is not None:
        catalog.creation_date = like.creation_date
        catalog.revision_date = like.revision_date
    else:
        catalog.revision_date = catalog.creation_date
    headers = dict(catalog.mime_headers)
    headers["Plural-Forms"] = build.plural_forms(lang)
    catalog.mime_headers = list(headers.items())
    return catalog


def convert(
    modules: Iterable[tuple[str, dict[str, Old]]], base: dict[str, Old] | None = None
) -> tuple[list[Entry], list[tuple[str | None, str | None]]]:
    """The entries to add or change, and the identities to remove."""
    refs = references()
    added: list[Entry] = []
    seen: set[str] = set()
    for docstring, messages in modules:
        for ident, old in messages.items():
            seen.add(ident)
            if base is not None and base.get(ident) == old:
                continue  # unchanged on the other branch: this branch's entry stays
            for entry in entries_of(old):
                key = _message_key(entry.context)
                entry.comments = translator_comments(entry, docstring, old.comments)
                entry.locations = refs.get(key or "", []) if entry.context != ARGPARSE else []
                if any(name for text in entry.english for _, name, _, _ in _pieces(text)) and (
                    entry.context != ARGPARSE
                ):
                    entry.flags.add("python-brace-format")
                if "fr" in entry.translations:
                    entry.translations["fr"] = tuple(french(t) for t in entry.translations["fr"])
                added.append(entry)
    removed: list[tuple[str | None, str | None]] = []
    for ident, old in (base or {}).items():
        if ident not in seen:
            removed.append((ARGPARSE, old.key) if old.table.startswith("ARGPARSE") else (
                (METAVAR + old.key) if old.table == "METAVARS" else old.key, None))  # fmt: skip
    return added, removed


def main(argv: list[str] | None = None) -> int:
    """Move the messages of the modules given into the catalogue files."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("modules", nargs="+", type=Path, help="old area modules (Python)")
    parser.add_argument(
        "--base", type=Path, help="the (single) module as it was where the branches parted"
    )
    parser.add_argument("--dry-run", action="store_true", help="print, write nothing")
    parser.add_argument(
        "--locale-dir", type=Path, default=build.LOCALE_DIR, help="where the catalogue files are"
    )
    args = parser.parse_args(argv)
    if args.base is not None and len(args.modules) != 1:
        parser.error("--base goes with one module")
    try:
        modules = [read_module(path) for path in args.modules]
        base = read_module(args.base)[1] if args.base is not None else None
        added, removed = convert(modules, base)
        for line in apply(added, removed, dry_run=args.dry_run, locale_dir=args.locale_dir):
            print(line)
    except ConversionError as error:
        print(f"po_from_messages: {error}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
