"""``serve``'s settings: a flag wins over ``PUNTOBANCO_*``, which wins over the TOML
file, which wins over the default; ``--print-config`` shows the result as TOML with
the database's password masked; a mistake is named in the user's language."""

from __future__ import annotations

import contextlib
import io
import tomllib
from pathlib import Path

import pytest

from puntobanco.cli import main


def run(argv: list[str], env: dict[str, str], monkeypatch: pytest.MonkeyPatch) -> tuple[int, str]:
    for name in ("PUNTOBANCO_PORT", "PUNTOBANCO_HOST", "PUNTOBANCO_DB", "PUNTOBANCO_CONFIG"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    return code, out.getvalue() + err.getvalue()


def config(tmp_path: Path, text: str) -> str:
    path = tmp_path / "serve.toml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_a_flag_wins_over_the_environment_which_wins_over_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = config(
        tmp_path,
        'host = "0.0.0.0"\nport = 9000\nlog_level = "warning"\nlan = true\n'
        'origins = ["https://club.example"]\n',
    )
    env = {"PUNTOBANCO_PORT": "9100", "PUNTOBANCO_HOST": "10.0.0.1", "PUNTOBANCO_LAN": "no"}
    code, out = run(
        ["serve", "--config", path, "--host", "127.0.0.2", "--print-config"], env, monkeypatch
    )
    assert code == 0
    shown = tomllib.loads(out)  # what it prints is TOML
    assert shown["host"] == "127.0.0.2"  # flag
    assert shown["port"] == 9100 and shown["lan"] is False  # environment
    assert shown["log_level"] == "warning"  # file
    assert shown["origins"] == ["https://club.example"]
    assert shown["log_format"] == "text" and shown["access_log"] is True  # defaults
    assert 'host = "127.0.0.2"  # --host' in out and "# PUNTOBANCO_PORT" in out
    assert f"# {path}" in out and "# default" in out


def test_the_file_may_be_named_by_the_environment_and_lists_split_on_commas(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = config(tmp_path, "port = 9200\n")
    env = {"PUNTOBANCO_CONFIG": path, "PUNTOBANCO_ORIGINS": "https://a.example, https://b.example"}
    code, out = run(["serve", "--print-config", "--no-access-log"], env, monkeypatch)
    shown = tomllib.loads(out)
    assert code == 0 and shown["port"] == 9200 and shown["access_log"] is False
    assert shown["origins"] == ["https://a.example", "https://b.example"]


@pytest.mark.parametrize(
    ("db", "shown"),
    [
        (
            "postgresql://club:s3cr3t-pw@db.example:5432/puntobanco",
            "postgresql://club:***@db.example:5432/puntobanco",
        ),
        # libpq takes a password from the query string as well (and a client
        # certificate's key password, under any spelling of the name).
        (
            "postgresql://club@db.example/puntobanco?password=s3cr3t-pw&sslmode=require",
            "postgresql://club@db.example/puntobanco?password=***&sslmode=require",
        ),
        (
            "postgres://club:s3cr3t-pw@db.example/pb?sslpassword=s3cr3t-pw&Pass%77ord=s3cr3t-pw",
            "postgres://club:***@db.example/pb?sslpassword=***&Pass%77ord=***",
        ),
    ],
)
def test_the_database_password_is_masked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, db: str, shown: str
) -> None:
    path = config(tmp_path, f'db = "{db}"\n')
    code, out = run(["serve", "--config", path, "--print-config"], {}, monkeypatch)
    assert code == 0 and "s3cr3t-pw" not in out
    assert tomllib.loads(out)["db"] == shown


@pytest.mark.parametrize(
    ("text", "env", "lang", "said"),
    [
        ("prot = 8000\n", {}, "en", "there is no setting 'prot'; the settings are host, port"),
        ('port = "8000"\n', {}, "fr", "port est un nombre entier, pas « 8000 »"),
        ("lan = 1\n", {}, "es", "lan es true o false, no 1"),
        ('log_level = "loud"\n', {}, "en", "log_level is one of critical, error, warning"),
        ("origins = [1]\n", {}, "en", "origins is a list of texts in quotes, not [1]"),
        ("port = 70000\n", {}, "fr", "le port est un nombre de 1 à 65535, pas 70000"),
        ("port = \n", {}, "en", "is not a valid TOML file"),
        ("", {"PUNTOBANCO_PORT": "eighty"}, "en", "PUNTOBANCO_PORT: port is a whole number"),
        ("", {"PUNTOBANCO_LOG_FORMAT": "xml"}, "es", "PUNTOBANCO_LOG_FORMAT: log_format es uno"),
    ],
)
def test_a_mistake_is_named_with_where_it_is(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    text: str,
    env: dict[str, str],
    lang: str,
    said: str,
) -> None:
    path = config(tmp_path, text)
    code, out = run(["--lang", lang, "serve", "--config", path, "--print-config"], env, monkeypatch)
    assert code == 2
    assert said in out.replace("\u00a0", " ").replace("\u202f", " ")
    assert "Traceback" not in out


def test_a_missing_file_is_named_in_words(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    missing = str(tmp_path / "nope.toml")
    code, out = run(["--lang", "fr", "serve", "--config", missing], {}, monkeypatch)
    assert code == 2 and missing in out and "introuvable" in out


def test_other_puntobanco_variables_are_not_settings(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    env = {"PUNTOBANCO_TEST_SOMETHING": "x", "PUNTOBANCO_DB": str(tmp_path / "a.db")}
    code, out = run(["serve", "--print-config"], env, monkeypatch)
    assert code == 0 and tomllib.loads(out)["db"] == str(tmp_path / "a.db")
