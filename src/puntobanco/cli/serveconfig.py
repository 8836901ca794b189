"""The settings of ``puntobanco serve``: flags, ``PUNTOBANCO_*`` variables, a TOML file.

Each setting has one name everywhere: ``port`` in the file, ``PUNTOBANCO_PORT``
in the environment, ``--port`` on the command line. A flag wins over the
environment, which wins over the file (``--config FILE`` or
``PUNTOBANCO_CONFIG``), which wins over the default. A mistake in the file or
in a variable (an unknown key, a value of the wrong type or out of range) is a
``ConfigError`` naming where it is, in the user's language.
"""

from __future__ import annotations

import argparse
import json
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from puntobanco.errors import PuntoBancoError
from puntobanco.i18n import LANGS, Lang, t
from puntobanco.web.logs import FORMATS, LEVELS

ENV_PREFIX: Final = "PUNTOBANCO_"
CONFIG_ENV: Final = "PUNTOBANCO_CONFIG"
_TRUE: Final = ("1", "true", "yes", "on")
_FALSE: Final = ("0", "false", "no", "off")


class ConfigError(PuntoBancoError):
    """A setting of ``serve`` that cannot be used: unknown, of the wrong type, out of range,
    or a configuration file that cannot be read."""


@dataclass(frozen=True, slots=True)
class Setting:
    """One setting: its name, its type, its default and the values it may take."""

    key: str
    kind: type
    default: object
    choices: tuple[str, ...] = ()

    @property
    def env(self) -> str:
        """``PUNTOBANCO_LOG_LEVEL`` for ``log_level``."""
        return ENV_PREFIX + self.key.upper()

    @property
    def flag(self) -> str:
        """``--log-level`` for ``log_level`` (``--origin`` for ``origins``)."""
        return "--origin" if self.key == "origins" else "--" + self.key.replace("_", "-")


def _default_db() -> str:
    from puntobanco.paths import default_db_path

    return str(default_db_path())


#: Every setting, in the order ``--print-config`` shows them. ``db``'s default is the
#: user's data folder; ``lang``'s, the language the command line speaks.
SETTINGS: Final = (
    Setting("host", str, "127.0.0.1"),
    Setting("port", int, 8000),
    Setting("db", str, None),
    Setting("lan", bool, True),
    Setting("lang", str, None, LANGS),
    Setting("log_level", str, "info", LEVELS),
    Setting("log_format", str, "text", FORMATS),
    Setting("access_log", bool, True),
    Setting("origins", list, []),
    Setting("secure_cookies", bool, False),
    Setting("metrics_from", list, ["127.0.0.0/8", "::1"]),
    Setting("idle_minutes", int, 240),
)
BY_KEY: Final = {s.key: s for s in SETTINGS}


def _kind_words(kind: type, lang: Lang) -> str:
    names = {int: "int", bool: "bool", str: "str", list: "list"}
    return t(f"ops.config.kind.{names[kind]}", lang)


def _checked(setting: Setting, value: object, where: str, lang: Lang) -> object:
    """``value`` if it fits ``setting``; ``ConfigError`` (naming ``where``) otherwise."""
    kind = setting.kind
    fits = (
        isinstance(value, list) and all(isinstance(v, str) for v in value)
        if kind is list
        else isinstance(value, kind) and (kind is bool or not isinstance(value, bool))
    )
    if not fits:
        raise ConfigError(
            "ops.config.type",
            where=where,
            key=setting.key,
            expected=_kind_words(kind, lang),
            value=value,
        )
    if setting.choices and value not in setting.choices:
        raise ConfigError(
            "ops.config.choice",
            where=where,
            key=setting.key,
            choices=", ".join(setting.choices),
            value=value,
        )
    if setting.key == "port" and isinstance(value, int) and not 1 <= value <= 65535:
        raise ConfigError("ops.config.port", where=where, value=value)
    return value


def _from_text(setting: Setting, text: str) -> object:
    """A variable's text as the setting's type (left as text when it is none of them,
    for ``_checked`` to refuse in words)."""
    if setting.kind is int:
        stripped = text.strip()
        return int(stripped) if stripped.lstrip("-").isdigit() else text
    if setting.kind is bool:
        low = text.strip().lower()
        return True if low in _TRUE else False if low in _FALSE else text
    if setting.kind is list:
        return [part.strip() for part in text.split(",") if part.strip()]
    return text


def read_file(path: str, lang: Lang) -> dict[str, object]:
    """The settings of a TOML file; ``ConfigError`` for one that cannot be used (``OSError``,
    named in words by the command line, for one that cannot be read)."""
    with open(path, "rb") as file:
        raw = file.read()
    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        raise ConfigError("ops.config.syntax", path=path, reason=str(error)) from None
    found: dict[str, object] = {}
    for key, value in data.items():
        setting = BY_KEY.get(key)
        if setting is None:
            raise ConfigError("ops.config.unknown", path=path, key=key, known=", ".join(BY_KEY))
        found[key] = _checked(setting, value, path, lang)
    return found


@dataclass(frozen=True, slots=True)
class Resolved:
    """The settings in force, each with where it came from (a flag, a variable,
    the file's path, or ``None`` for the default)."""

    values: dict[str, Any]
    sources: dict[str, str | None]
    file: str | None


def resolve(args: argparse.Namespace, environ: Mapping[str, str], lang: Lang) -> Resolved:
    """Merge the flags of ``args``, ``environ`` and the configuration file: flag > environment
    > file > default. ``lang`` is the language of the errors and the default language."""
    path = getattr(args, "config", None) or environ.get(CONFIG_ENV) or None
    from_file = read_file(path, lang) if path else {}
    values: dict[str, Any] = {}
    sources: dict[str, str | None] = {}
    for s in SETTINGS:
        flag = getattr(args, s.key, None)
        if s.key == "origins":
            flag = getattr(args, "origin", None) or None
        if flag is not None:
            values[s.key], sources[s.key] = _checked(s, flag, s.flag, lang), s.flag
        elif s.env in environ:
            value = _from_text(s, environ[s.env])
            values[s.key], sources[s.key] = _checked(s, value, s.env, lang), s.env
        elif s.key in from_file:
            values[s.key], sources[s.key] = from_file[s.key], path
        else:
            default = s.default
            if s.key == "db":
                default = _default_db()
            elif s.key == "lang":
                default = lang
            values[s.key], sources[s.key] = default, None
    return Resolved(values, sources, path)


def _masked(key: str, value: object) -> object:
    if key == "db" and isinstance(value, str):
        from puntobanco.store import redact

        return redact(value)
    return value


def _toml(value: object) -> str:
    """A value as TOML (strings, whole numbers, booleans and lists of strings).

    >>> print(_toml("é"), _toml(8000), _toml(True), _toml(["x", "y"]))
    "é" 8000 true ["x", "y"]
    """
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    return json.dumps(str(value), ensure_ascii=False)  # a TOML basic string


def as_toml(resolved: Resolved, lang: Lang) -> str:
    """The settings in force as a TOML file, secrets masked (a database URL's password),
    each line saying where its value came from."""
    lines = [f"# {t('ops.config.header', lang)}"]
    for s in SETTINGS:
        source = resolved.sources[s.key] or t("ops.config.default", lang)
        lines.append(f"{s.key} = {_toml(_masked(s.key, resolved.values[s.key]))}  # {source}")
    return "\n".join(lines) + "\n"
