"""``puntobanco ...``: a thin command line over the library.

Each command lives in a module of this package with ``add_arguments`` and ``run``;
heavy dependencies are imported inside ``run`` so that start-up stays fast.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence
from typing import Final, Protocol

from puntobanco.i18n import LANGS, Lang, lang_from_environment, parse_lang, set_language, t

#: Each command: its module under ``puntobanco.cli`` and the catalogue key of its
#: one-line help, in the order ``--help`` lists them. Only the module of the
#: command being run is imported; the others show their help line alone.
COMMANDS: Final[dict[str, tuple[str, str]]] = {
    "coup": ("coup", "cli.help.coup"),
    "odds": ("odds", "cli.help.odds"),
    "roads": ("roads", "cli.help.roads"),
    "play": ("play", "cli.help.play"),
    "assist": ("assist", "cli.help.assist"),
    "drill": ("drill", "cli.help.drill"),
    "learn": ("learn", "cli.help.learn"),
    "history": ("history", "cli.help.history"),
    "export": ("export", "cli.help.export"),
    "import": ("importlog", "cli.help.import"),
    "verify": ("verify", "cli.help.verify"),
    "shoes": ("shoes", "cli.help.shoes"),
    "contribute": ("contribute", "entropy.cli.help.contribute"),
    "backup": ("backup", "cli.help.backup"),
    "simulate": ("simulate", "sim.help.simulate"),
    "serve": ("serve", "web.serve.help"),
    "completion": ("completion", "ops.help.completion"),
}


class Command(Protocol):
    """What a command module provides."""

    NAME: str

    def add_arguments(self, p: argparse.ArgumentParser, lang: Lang) -> None:
        """Declare the command's arguments (its parser, help and description made
        from ``COMMANDS``)."""

    def run(self, args: argparse.Namespace, lang: Lang) -> int:
        """Carry the command out; return the exit status."""


def _early_lang(argv: Sequence[str]) -> Lang:
    """The language asked for on the command line, else the locale's."""
    for i, arg in enumerate(argv):
        value = None
        if arg == "--lang" and i + 1 < len(argv):
            value = argv[i + 1]
        elif arg.startswith("--lang="):
            value = arg.split("=", 1)[1]
        if value is not None and (lang := parse_lang(value)):
            return lang
    return lang_from_environment()


def _chosen_command(argv: Sequence[str]) -> str | None:
    """The command named on the command line, if any (the value of ``--lang`` skipped)."""
    skip = False
    for arg in argv:
        if skip:
            skip = False
        elif arg == "--lang":
            skip = True
        elif arg in COMMANDS:
            return arg
        elif not arg.startswith("-"):
            return None
    return None


def build_parser(
    lang: Lang, only: str | None = None
) -> tuple[argparse.ArgumentParser, dict[str, Command]]:
    """The argument parser, its help in ``lang``: every command in full, or only
    the command ``only`` (the others are not needed to run it), or every command by
    its help line when ``only`` is ``""`` (``puntobanco --help`` loads no command)."""
    from puntobanco import __version__
    from puntobanco.cli.argwords import install, parser_class

    install(lang)  # argparse's own words ("usage:", "options", its errors) in ``lang``
    parser = parser_class(lang)(
        prog="puntobanco", description=t("cli.description", lang), formatter_class=formatter(lang)
    )
    parser.add_argument("--lang", choices=LANGS, help=t("cli.help.lang", lang))
    parser.add_argument(
        "--version",
        action="version",
        version=f"puntobanco {__version__}",
        help=t("cli.help.version", lang),
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar=t("cli.command", lang))
    commands: dict[str, Command] = {}
    for name, (module_name, help_key) in COMMANDS.items():
        if only and name != only:
            continue
        if only is not None and name != only:
            sub.add_parser(name, help=t(help_key, lang))
            continue
        module: Command = importlib.import_module(f"puntobanco.cli.{module_name}")
        module.add_arguments(
            sub.add_parser(name, help=t(help_key, lang), description=t(help_key, lang)), lang
        )
        commands[module.NAME] = module
        _same_everywhere(sub.choices[name], lang)
    return parser, commands


def _same_everywhere(parser: argparse.ArgumentParser, lang: Lang) -> None:
    """What every command accepts alike: ``--lang`` after the command too, whole
    numbers refused in words (``type=int`` would say "invalid int value"), and its
    help in ``lang`` down to the names of the values (``--db JOURNAL``)."""
    from puntobanco.cli.argwords import metavar
    from puntobanco.cli.common import whole_number

    if "--lang" not in parser._option_string_actions:
        parser.add_argument(
            "--lang", choices=LANGS, default=argparse.SUPPRESS, help=t("cli.help.lang", lang)
        )
    parser.formatter_class = formatter(lang)
    for action in parser._actions:
        if action.type is int:
            action.type = whole_number()
        if action.nargs == 0 or (action.metavar is None and action.choices is not None):
            continue  # a flag, or a value shown by its choices ({en,fr,es})
        english = action.metavar or (action.dest.upper() if action.option_strings else action.dest)
        if isinstance(english, str):
            action.metavar = metavar(english, lang)


def formatter(lang: Lang) -> type[argparse.HelpFormatter]:
    """The help's layout in ``lang`` (French puts a space before a heading's colon)."""
    from puntobanco.cli.argwords import help_formatter

    return help_formatter(lang)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``puntobanco`` console script.

    Every failure a person can fix ends here as one sentence on standard error
    and exit status 2 (130 after Ctrl-C); output that cannot be written is such
    a failure too.
    """
    args_list = list(sys.argv[1:] if argv is None else argv)
    lang = _early_lang(args_list)
    set_language(lang)
    if sys.stdout is None:  # started with standard output closed (``>&-``)
        reason = t("cli.reason.closed", lang)
        _say(t("cli.error", lang, message=t("cli.error.output", lang, reason=reason)))
        return 2
    parser, commands = build_parser(lang, _chosen_command(args_list) or "")
    args = parser.parse_args(args_list)
    try:
        code = commands[args.command].run(args, lang)
        sys.stdout.flush()  # a full disk or a closed descriptor is reported, not lost
        return code
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader went away (``puntobanco export ... | head``): not an error of
        # ours. Point stdout at devnull so the interpreter's final flush is silent.
        _detach_stdout()
        return 0
    except Exception as error:
        from puntobanco.cli.common import failure

        message = failure(error, lang, _db_of(args))
        if message is None:
            raise
        if isinstance(error, OSError) and error.filename is None:
            _detach_stdout()
        _say(t("cli.error", lang, message=message))
        return 2


def _db_of(args: argparse.Namespace) -> str:
    """The log the command names, as a message may show it (no password)."""
    from puntobanco.paths import default_db_path
    from puntobanco.store import redact

    return redact(str(getattr(args, "db", None) or default_db_path()))


def _say(text: str) -> None:
    if sys.stderr is not None:
        print(text, file=sys.stderr)


def _detach_stdout() -> None:
    """Send what is left in stdout's buffer to devnull, so that exit stays quiet."""
    import os

    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    except (OSError, ValueError):  # not a real descriptor (captured in tests)
        pass
